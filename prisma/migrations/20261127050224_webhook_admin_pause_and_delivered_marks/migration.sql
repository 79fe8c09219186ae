-- Two facts recovery (server/services/webhook-recovery.ts) needs. paused_by_admin: a pause an Admin set is
-- lifted only by an Admin or an operator, never by the recovery of an API key. Automatic disables (410 Gone,
-- days of failures) leave it false. webhook_result_delivered: per endpoint and result, the newest revision
-- delivered whose delivery row retention removed, so recovery never sends a delivered revision again.
-- Expand step: the previous release neither reads nor minds either.
-- AlterTable
ALTER TABLE "webhook_endpoint" ADD COLUMN     "paused_by_admin" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "webhook_result_delivered" (
    "webhook_id" UUID NOT NULL,
    "result_id" UUID NOT NULL,
    "revision_id" UUID NOT NULL,
    "revision_created_at" TIMESTAMPTZ(3) NOT NULL,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_result_delivered_pkey" PRIMARY KEY ("webhook_id","result_id")
);

-- CreateIndex
CREATE INDEX "webhook_result_delivered_result_id_idx" ON "webhook_result_delivered"("result_id");

-- AddForeignKey
ALTER TABLE "webhook_result_delivered" ADD CONSTRAINT "webhook_result_delivered_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_result_delivered" ADD CONSTRAINT "webhook_result_delivered_result_id_fkey" FOREIGN KEY ("result_id") REFERENCES "result"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Endpoints disabled before this release: held by an Admin unless the reason is one the automatic disables
-- write (settler.ts GONE_REASON, endpoint-health.ts): no pause an Admin set becomes liftable by a key.
UPDATE "webhook_endpoint" SET "paused_by_admin" = true
WHERE NOT "active"
  AND coalesce("disabled_reason", '') <> 'The endpoint answered 410 Gone'
  AND coalesce("disabled_reason", '') NOT LIKE 'Every delivery attempt failed since %';
