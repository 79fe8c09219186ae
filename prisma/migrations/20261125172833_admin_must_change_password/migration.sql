-- AlterTable
ALTER TABLE "admin_user" ADD COLUMN     "must_change_password" BOOLEAN NOT NULL DEFAULT false;
