-- AlterTable
ALTER TABLE "webhook_delivery" ADD COLUMN     "resume_schedule_at" TIMESTAMPTZ(3);
