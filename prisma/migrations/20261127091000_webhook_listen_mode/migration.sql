-- A sandbox questionnaire's endpoint may hand its deliveries to `pais listen` (long poll) instead of the
-- dispatcher's HTTP POST. Expand step: the previous release neither reads nor writes these columns, and the
-- endpoints it creates are http.
-- CreateEnum
CREATE TYPE "webhook_delivery_mode" AS ENUM ('http', 'listen');

-- AlterTable
ALTER TABLE "webhook_endpoint" ADD COLUMN     "delivery_mode" "webhook_delivery_mode" NOT NULL DEFAULT 'http',
ADD COLUMN     "listen_session_id" UUID;
