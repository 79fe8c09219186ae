-- Enrolments per questionnaire and quarter of an hour, so the overview's "enrolled per day" chart can add them up
-- into the days of any Admin's own time zone: every zone in use today is a whole number of quarter hours from
-- UTC (Asia/Kolkata +05:30, Asia/Kathmandu +05:45), which UTC days (participant_daily_stats) are not. Kept by
-- the same statement-level triggers as participant_daily_stats, in the same upsert-per-statement way, with
-- eight shards.
--
-- No literal semicolon may appear inside a statement here (Prisma's PostgreSQL adapter splits the script on
-- every semicolon), so the function body is an E'' string that spells it \x3b.
CREATE TABLE "participant_enrolment_stats" (
    "questionnaire_id" UUID NOT NULL,
    "quarter" TIMESTAMPTZ(3) NOT NULL,
    "shard" SMALLINT NOT NULL,
    "participants" BIGINT NOT NULL,

    CONSTRAINT "participant_enrolment_stats_pkey" PRIMARY KEY ("questionnaire_id","quarter","shard")
);

CREATE FUNCTION participant_enrolment_quarter(moment TIMESTAMPTZ) RETURNS TIMESTAMPTZ LANGUAGE sql IMMUTABLE AS E'
  SELECT date_bin(''15 minutes'', moment, TIMESTAMPTZ ''2000-01-01 00:00:00+00'')
';

CREATE FUNCTION participant_enrolment_add(changes JSONB) RETURNS void LANGUAGE sql AS E'
  INSERT INTO participant_enrolment_stats AS s (questionnaire_id, quarter, shard, participants)
  SELECT (c->>''q'')::uuid, (c->>''t'')::timestamptz, floor(random() * 8)::smallint, (c->>''n'')::bigint
  FROM jsonb_array_elements(changes) c
  ON CONFLICT (questionnaire_id, quarter, shard)
  DO UPDATE SET participants = s.participants + excluded.participants\x3b
';

-- The function of migration overview_stats, plus the enrolments per quarter hour (an update moves them only
-- when it changes the questionnaire or the enrolment time).
CREATE OR REPLACE FUNCTION participant_stats_apply() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  changes JSONB\x3b
  enrolments JSONB\x3b
BEGIN
  IF TG_OP = ''INSERT'' THEN
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''d'', d, ''o'', o, ''n'', n)) INTO changes FROM (
      SELECT questionnaire_id AS q, (created_at AT TIME ZONE ''UTC'')::date AS d, coalesce(outcome, '''') AS o,
             count(*) AS n
      FROM new_rows GROUP BY 1, 2, 3) g\x3b
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''t'', t, ''n'', n)) INTO enrolments FROM (
      SELECT questionnaire_id AS q, participant_enrolment_quarter(created_at) AS t, count(*) AS n
      FROM new_rows GROUP BY 1, 2) g\x3b
  ELSIF TG_OP = ''DELETE'' THEN
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''d'', d, ''o'', o, ''n'', -n)) INTO changes FROM (
      SELECT questionnaire_id AS q, (created_at AT TIME ZONE ''UTC'')::date AS d, coalesce(outcome, '''') AS o,
             count(*) AS n
      FROM old_rows GROUP BY 1, 2, 3) g\x3b
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''t'', t, ''n'', -n)) INTO enrolments FROM (
      SELECT questionnaire_id AS q, participant_enrolment_quarter(created_at) AS t, count(*) AS n
      FROM old_rows GROUP BY 1, 2) g\x3b
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
    SELECT jsonb_agg(jsonb_build_object(''q'', q, ''t'', t, ''n'', n)) INTO enrolments FROM (
      SELECT q, t, sum(n) AS n FROM (
        SELECT o.questionnaire_id AS q, participant_enrolment_quarter(o.created_at) AS t, -1 AS n
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.questionnaire_id <> n.questionnaire_id OR o.created_at <> n.created_at
        UNION ALL
        SELECT n.questionnaire_id, participant_enrolment_quarter(n.created_at), 1
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.questionnaire_id <> n.questionnaire_id OR o.created_at <> n.created_at) c
      GROUP BY 1, 2 HAVING sum(n) <> 0) g\x3b
  END IF\x3b
  IF changes IS NOT NULL THEN
    PERFORM participant_stats_add(changes)\x3b
  END IF\x3b
  IF enrolments IS NOT NULL THEN
    PERFORM participant_enrolment_add(enrolments)\x3b
  END IF\x3b
  RETURN NULL\x3b
END ';

-- What exists already.
INSERT INTO participant_enrolment_stats (questionnaire_id, quarter, shard, participants)
SELECT questionnaire_id, participant_enrolment_quarter(created_at), 0, count(*)
FROM participant GROUP BY 1, 2;
