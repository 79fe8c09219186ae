-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN     "publish_traceparent" TEXT;
