-- Circuit breaker and automatic disable per webhook endpoint (server/webhooks/endpoint-health.ts), and the
-- indexes of the fair claim (server/webhooks/claim.ts). Expand only: new nullable or defaulted columns.

-- AlterTable
ALTER TABLE "webhook_endpoint" ADD COLUMN     "breaker_opened_at" TIMESTAMPTZ(3),
ADD COLUMN     "claim_seq" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "failing_since" TIMESTAMPTZ(3),
ADD COLUMN     "last_failure_error" TEXT,
ADD COLUMN     "probe_after" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_status_next_attempt_at_idx" ON "webhook_delivery"("webhook_id", "status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_lease_until_idx" ON "webhook_delivery"("webhook_id", "lease_until");
