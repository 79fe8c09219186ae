-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN     "request_id" TEXT;
