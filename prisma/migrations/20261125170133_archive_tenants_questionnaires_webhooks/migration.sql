-- AlterTable
ALTER TABLE "questionnaire" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "tenant" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "webhook_endpoint" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);
