-- When an endpoint's last failed attempt was made, for the endpoint's state as the customer reads it by API
-- (GET /v1/webhooks/endpoints). Expand step: the previous release neither reads nor writes it.
-- AlterTable
ALTER TABLE "webhook_endpoint" ADD COLUMN     "last_failure_at" TIMESTAMPTZ(3);
