-- The append-heavy history tables, audit_log and webhook_delivery_attempt, become partitioned by month
-- (native declarative partitioning, on PostgreSQL and on the embedded PGlite alike), so that retention drops
-- a whole month's partition instead of deleting millions of rows. Existing rows are copied into the new
-- tables in this same transaction: nothing is lost, and a failure leaves the old table as it was.
--
-- Partitions are named <table>_pYYYYMM and cover one UTC calendar month. The scheduled maintenance
-- (server/lifecycle) creates them months ahead, and a DEFAULT partition catches any row whose month has no
-- partition yet, so an insert never fails because the maintenance did not run.
--
-- contract step: safe for the previous release all the same. Each table is swapped, in this one transaction,
-- for a partitioned table of the same name and columns: the RENAMEs and DROPs touch only the old copies,
-- which no release reads once the swap commits (release policy, docs/operations.md).
--
-- The primary keys become (id, <time column>): PostgreSQL requires the partition key in every unique
-- constraint of a partitioned table. ids are random UUIDs, so they stay unique in practice.
--
-- As in every migration here, no literal semicolon may appear inside a statement (Prisma's PostgreSQL adapter
-- splits a script on each one): PL/pgSQL bodies are E'' strings that spell it \x3b.

-- Creates the month partition of `parent` holding `month_start`, unless it exists: true when created.
-- Partitions of the audit log also refuse TRUNCATE (row triggers are inherited, statement triggers are not).
CREATE FUNCTION history_partition_create(parent text, month_start timestamptz) RETURNS boolean
LANGUAGE plpgsql AS E'
DECLARE
  lower_bound timestamptz := date_trunc(''month'', month_start AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC''\x3b
  upper_bound timestamptz := (date_trunc(''month'', month_start AT TIME ZONE ''UTC'') + interval ''1 month'') AT TIME ZONE ''UTC''\x3b
  partition_name text := parent || ''_p'' || to_char(month_start AT TIME ZONE ''UTC'', ''YYYYMM'')\x3b
BEGIN
  IF to_regclass(quote_ident(partition_name)) IS NOT NULL THEN
    RETURN false\x3b
  END IF\x3b
  EXECUTE format(''CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)'',
    partition_name, parent, lower_bound, upper_bound)\x3b
  IF parent = ''audit_log'' THEN
    EXECUTE format(''CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()'',
      partition_name)\x3b
  END IF\x3b
  RETURN true\x3b
END\x3b
';

-- Month partitions for every month from `first_month` to three months after now.
CREATE FUNCTION history_partitions_through_next_quarter(parent text, first_month timestamptz) RETURNS void
LANGUAGE plpgsql AS E'
DECLARE
  month timestamptz := date_trunc(''month'', least(coalesce(first_month, now()), now()) AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC''\x3b
BEGIN
  WHILE month < now() + interval ''3 months'' LOOP
    PERFORM history_partition_create(parent, month)\x3b
    month := ((month AT TIME ZONE ''UTC'') + interval ''1 month'') AT TIME ZONE ''UTC''\x3b
  END LOOP\x3b
END\x3b
';

-- audit_log
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";
ALTER TABLE "audit_log_unpartitioned" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_unpartitioned_pkey";
DROP INDEX "audit_log_questionnaire_id_at_idx";
DROP INDEX "audit_log_tenant_id_at_idx";
DROP INDEX "audit_log_actor_type_actor_id_at_idx";

CREATE TABLE "audit_log" (
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "tenant_id" UUID,
    "questionnaire_id" UUID,
    "source_ip" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id", "at")
) PARTITION BY RANGE ("at");

CREATE INDEX "audit_log_questionnaire_id_at_idx" ON "audit_log"("questionnaire_id", "at");
CREATE INDEX "audit_log_tenant_id_at_idx" ON "audit_log"("tenant_id", "at");
CREATE INDEX "audit_log_actor_type_actor_id_at_idx" ON "audit_log"("actor_type", "actor_id", "at");

CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;
SELECT history_partitions_through_next_quarter('audit_log', (SELECT min("at") FROM "audit_log_unpartitioned"));

INSERT INTO "audit_log" ("id", "at", "actor_type", "actor_id", "action", "target_type", "target_id", "tenant_id", "questionnaire_id", "source_ip", "details")
SELECT "id", "at", "actor_type", "actor_id", "action", "target_type", "target_id", "tenant_id", "questionnaire_id", "source_ip", "details"
FROM "audit_log_unpartitioned";

-- Its append-only triggers go with it: DROP TABLE is the one removal they do not stop.
DROP TABLE "audit_log_unpartitioned";

-- Row triggers on a partitioned table are inherited by every partition, present and future.
CREATE TRIGGER audit_log_no_update_or_delete
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON "audit_log_default"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- webhook_delivery_attempt
ALTER TABLE "webhook_delivery_attempt" RENAME TO "webhook_delivery_attempt_unpartitioned";
ALTER TABLE "webhook_delivery_attempt_unpartitioned" RENAME CONSTRAINT "webhook_delivery_attempt_pkey" TO "webhook_delivery_attempt_unpartitioned_pkey";
ALTER TABLE "webhook_delivery_attempt_unpartitioned" DROP CONSTRAINT "webhook_delivery_attempt_delivery_id_fkey";
DROP INDEX "webhook_delivery_attempt_delivery_id_attempted_at_idx";

CREATE TABLE "webhook_delivery_attempt" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "response_snippet" TEXT,
    "error" TEXT,

    CONSTRAINT "webhook_delivery_attempt_pkey" PRIMARY KEY ("id", "attempted_at")
) PARTITION BY RANGE ("attempted_at");

CREATE INDEX "webhook_delivery_attempt_delivery_id_attempted_at_idx" ON "webhook_delivery_attempt"("delivery_id", "attempted_at");

CREATE TABLE "webhook_delivery_attempt_default" PARTITION OF "webhook_delivery_attempt" DEFAULT;
SELECT history_partitions_through_next_quarter('webhook_delivery_attempt', (SELECT min("attempted_at") FROM "webhook_delivery_attempt_unpartitioned"));

INSERT INTO "webhook_delivery_attempt" ("id", "delivery_id", "attempted_at", "status_code", "duration_ms", "response_snippet", "error")
SELECT "id", "delivery_id", "attempted_at", "status_code", "duration_ms", "response_snippet", "error"
FROM "webhook_delivery_attempt_unpartitioned";

DROP TABLE "webhook_delivery_attempt_unpartitioned";

ALTER TABLE "webhook_delivery_attempt" ADD CONSTRAINT "webhook_delivery_attempt_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Retention walks ended deliveries from the oldest (created_at never changes, so updates stay HOT).
CREATE INDEX "webhook_delivery_created_at_idx" ON "webhook_delivery"("created_at");
