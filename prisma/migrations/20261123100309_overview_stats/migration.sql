-- CreateTable
CREATE TABLE "participant_daily_stats" (
    "questionnaire_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "outcome" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "participants" BIGINT NOT NULL,

    CONSTRAINT "participant_daily_stats_pkey" PRIMARY KEY ("questionnaire_id","day","outcome","shard")
);

-- CreateTable
CREATE TABLE "result_status_stats" (
    "questionnaire_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "shard" SMALLINT NOT NULL,
    "results" BIGINT NOT NULL,

    CONSTRAINT "result_status_stats_pkey" PRIMARY KEY ("questionnaire_id","status","shard")
);

-- The counts are kept by statement-level triggers with transition tables: one aggregated upsert per
-- statement, whether it touches one row or a million. Each statement picks one of eight shards at random,
-- so concurrent statements in one questionnaire rarely wait for each other's row lock. A transition table
-- exists only for its own event, so each event's rows are turned into (key, +1/-1) changes in its own branch
-- and added up by one helper.
--
-- No literal semicolon may appear inside a statement here: Prisma's PostgreSQL adapter runs a migration
-- script by splitting it on every semicolon. So function bodies are E'' strings that spell it \x3b.
CREATE FUNCTION participant_stats_add(changes JSONB) RETURNS void LANGUAGE sql AS E'
  INSERT INTO participant_daily_stats AS s (questionnaire_id, day, outcome, shard, participants)
  SELECT (c->>''q'')::uuid, (c->>''d'')::date, c->>''o'', floor(random() * 8)::smallint, (c->>''n'')::bigint
  FROM jsonb_array_elements(changes) c
  ON CONFLICT (questionnaire_id, day, outcome, shard)
  DO UPDATE SET participants = s.participants + excluded.participants\x3b
';

CREATE FUNCTION participant_stats_apply() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  changes JSONB\x3b
BEGIN
  IF TG_OP = ''INSERT'' THEN
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''d'', d, ''o'', o, ''n'', n)) INTO changes FROM (
      SELECT questionnaire_id AS q, (created_at AT TIME ZONE ''UTC'')::date AS d, coalesce(outcome, '''') AS o,
             count(*) AS n
      FROM new_rows GROUP BY 1, 2, 3) g\x3b
  ELSIF TG_OP = ''DELETE'' THEN
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''d'', d, ''o'', o, ''n'', -n)) INTO changes FROM (
      SELECT questionnaire_id AS q, (created_at AT TIME ZONE ''UTC'')::date AS d, coalesce(outcome, '''') AS o,
             count(*) AS n
      FROM old_rows GROUP BY 1, 2, 3) g\x3b
  ELSE
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''d'', d, ''o'', o, ''n'', n)) INTO changes FROM (
      SELECT q, d, o, sum(n) AS n FROM (
        SELECT o.questionnaire_id AS q, (o.created_at AT TIME ZONE ''UTC'')::date AS d,
               coalesce(o.outcome, '''') AS o, -1 AS n
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.outcome IS DISTINCT FROM n.outcome OR o.questionnaire_id <> n.questionnaire_id
           OR o.created_at <> n.created_at
        UNION ALL
        SELECT n.questionnaire_id, (n.created_at AT TIME ZONE ''UTC'')::date, coalesce(n.outcome, ''''), 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.outcome IS DISTINCT FROM n.outcome OR o.questionnaire_id <> n.questionnaire_id
           OR o.created_at <> n.created_at) c
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0) g\x3b
  END IF\x3b
  IF changes IS NOT NULL THEN
    PERFORM participant_stats_add(changes)\x3b
  END IF\x3b
  RETURN NULL\x3b
END ';

CREATE FUNCTION result_stats_add(changes JSONB) RETURNS void LANGUAGE sql AS E'
  INSERT INTO result_status_stats AS s (questionnaire_id, status, shard, results)
  SELECT p.questionnaire_id, c->>''s'', floor(random() * 8)::smallint, sum((c->>''n'')::bigint)
  FROM jsonb_array_elements(changes) c JOIN participant p ON p.id = (c->>''p'')::uuid
  GROUP BY 1, 2
  ON CONFLICT (questionnaire_id, status, shard)
  DO UPDATE SET results = s.results + excluded.results\x3b
';

CREATE FUNCTION result_stats_apply() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  changes JSONB\x3b
BEGIN
  IF TG_OP = ''INSERT'' THEN
    SELECT jsonb_agg(jsonb_build_object(''p'', p, ''s'', s, ''n'', n)) INTO changes FROM (
      SELECT participant_id AS p, status AS s, count(*) AS n FROM new_rows GROUP BY 1, 2) g\x3b
  ELSIF TG_OP = ''DELETE'' THEN
    SELECT jsonb_agg(jsonb_build_object(''p'', p, ''s'', s, ''n'', -n)) INTO changes FROM (
      SELECT participant_id AS p, status AS s, count(*) AS n FROM old_rows GROUP BY 1, 2) g\x3b
  ELSE
    SELECT jsonb_agg(jsonb_build_object(''p'', p, ''s'', s, ''n'', n)) INTO changes FROM (
      SELECT o.participant_id AS p, o.status AS s, -1 AS n
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status <> n.status OR o.participant_id <> n.participant_id
      UNION ALL
      SELECT n.participant_id, n.status, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status <> n.status OR o.participant_id <> n.participant_id) g\x3b
  END IF\x3b
  IF changes IS NOT NULL THEN
    PERFORM result_stats_add(changes)\x3b
  END IF\x3b
  RETURN NULL\x3b
END ';

-- PostgreSQL allows one event per trigger when it has transition tables.
CREATE TRIGGER participant_stats_insert AFTER INSERT ON participant
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_stats_apply();
CREATE TRIGGER participant_stats_update AFTER UPDATE ON participant
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_stats_apply();
CREATE TRIGGER participant_stats_delete AFTER DELETE ON participant
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_stats_apply();
CREATE TRIGGER result_stats_insert AFTER INSERT ON result
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_stats_apply();
CREATE TRIGGER result_stats_update AFTER UPDATE ON result
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_stats_apply();
CREATE TRIGGER result_stats_delete AFTER DELETE ON result
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION result_stats_apply();

-- What exists already.
INSERT INTO participant_daily_stats (questionnaire_id, day, outcome, shard, participants)
SELECT questionnaire_id, (created_at AT TIME ZONE 'UTC')::date, coalesce(outcome, ''), 0, count(*)
FROM participant GROUP BY 1, 2, 3;
INSERT INTO result_status_stats (questionnaire_id, status, shard, results)
SELECT p.questionnaire_id, r.status, 0, count(*)
FROM result r JOIN participant p ON p.id = r.participant_id GROUP BY 1, 2;
