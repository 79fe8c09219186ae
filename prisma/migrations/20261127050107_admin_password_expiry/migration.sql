-- AlterTable
ALTER TABLE "admin_user" ADD COLUMN     "password_expires_at" TIMESTAMPTZ(3);
