-- The results feed (result_feed_entry) follows every write to "result", whichever code makes it: a release
-- that predates the feed (a rolled-back instance, or an old instance still running during a rolling deploy)
-- stores results without moving the participant's feed entry, so the feed and GET
-- /v1/participant/{id}/result missed them. A statement-level trigger does what publishResult did in its own
-- statement: each changed participant's newest result takes the next position of its questionnaire's counter,
-- whose row lock is held until commit, so positions still follow commit order (a cursor skips nothing).
-- A release that also writes the entry itself gets it moved once more by the trigger: one unused position.
--
-- No literal semicolon may appear inside a statement here (Prisma's PostgreSQL adapter splits the script on
-- every semicolon), so the function body is an E'' string that spells it \x3b.
CREATE FUNCTION result_feed_follow() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  WITH changed AS (
    SELECT DISTINCT ON (r.participant_id) r.participant_id, p.questionnaire_id, r.id AS result_id, r.updated_at
    FROM new_rows r
    JOIN participant p ON p.id = r.participant_id AND p.erased_at IS NULL
    ORDER BY r.participant_id, r.updated_at DESC, r.id DESC
  ), numbered AS (
    SELECT c.*, row_number() OVER (PARTITION BY c.questionnaire_id ORDER BY c.updated_at, c.result_id) AS n,
           count(*) OVER (PARTITION BY c.questionnaire_id) AS total
    FROM changed c
  ), counter AS (
    INSERT INTO result_feed_counter AS fc (questionnaire_id, last_position)
    SELECT questionnaire_id, count(*) FROM changed GROUP BY questionnaire_id ORDER BY questionnaire_id
    ON CONFLICT (questionnaire_id) DO UPDATE SET last_position = fc.last_position + excluded.last_position
    RETURNING questionnaire_id, last_position
  )
  INSERT INTO result_feed_entry AS e (participant_id, questionnaire_id, result_id, position)
  SELECT n.participant_id, n.questionnaire_id, n.result_id, c.last_position - n.total + n.n
  FROM numbered n JOIN counter c ON c.questionnaire_id = n.questionnaire_id
  ON CONFLICT (participant_id) DO UPDATE
    SET questionnaire_id = excluded.questionnaire_id, result_id = excluded.result_id, position = excluded.position\x3b
  RETURN NULL\x3b
END ';

-- PostgreSQL allows one event per trigger when it has transition tables.
CREATE TRIGGER result_feed_insert AFTER INSERT ON result
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_feed_follow();
CREATE TRIGGER result_feed_update AFTER UPDATE ON result
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_feed_follow();

-- What an older release wrote before this migration: the participants whose newest result has no entry or
-- another one than its entry's, and those whose result changed after the newest publication their
-- questionnaire's feed recorded (updated in place by a release that does not move the entry). Touching them
-- fires the trigger above, which feeds them in the order they were published.
WITH latest AS (
  SELECT DISTINCT ON (r.participant_id) r.participant_id, p.questionnaire_id, r.id, r.updated_at
  FROM "result" r
  JOIN "participant" p ON p.id = r.participant_id
  WHERE p.erased_at IS NULL
  ORDER BY r.participant_id, r.updated_at DESC, r.id DESC
), newest_fed AS (
  SELECT DISTINCT ON (e.questionnaire_id) e.questionnaire_id, e.participant_id, r.updated_at
  FROM "result_feed_entry" e
  JOIN "result" r ON r.id = e.result_id
  ORDER BY e.questionnaire_id, e.position DESC
), missed AS (
  SELECT l.id
  FROM latest l
  LEFT JOIN "result_feed_entry" e ON e.participant_id = l.participant_id
  LEFT JOIN newest_fed f ON f.questionnaire_id = l.questionnaire_id
  WHERE e.result_id IS DISTINCT FROM l.id
     OR (f.participant_id <> l.participant_id AND l.updated_at > f.updated_at)
)
UPDATE "result" SET updated_at = updated_at WHERE id IN (SELECT id FROM missed);
