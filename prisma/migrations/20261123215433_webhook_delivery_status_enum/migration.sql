-- WebhookDelivery.status becomes an enum. The generated diff drops and re-adds the column, which would lose
-- the state of every delivery, so the column is converted in place instead (the ALTER rebuilds the index on
-- (status, next_attempt_at)). A value outside the four fails the migration rather than being guessed.

-- CreateEnum
CREATE TYPE "webhook_delivery_status" AS ENUM ('pending', 'succeeded', 'failed', 'cancelled');

-- AlterTable
ALTER TABLE "webhook_delivery" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "webhook_delivery" ALTER COLUMN "status" TYPE "webhook_delivery_status"
  USING ("status"::"webhook_delivery_status");
ALTER TABLE "webhook_delivery" ALTER COLUMN "status" SET DEFAULT 'pending';
