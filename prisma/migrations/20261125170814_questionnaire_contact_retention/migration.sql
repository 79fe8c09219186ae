-- AlterTable
ALTER TABLE "questionnaire" ADD COLUMN     "contact_retention_days" INTEGER;
