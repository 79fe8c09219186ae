-- AlterTable
ALTER TABLE "admin_user" ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "totp_enabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "totp_last_time_step" INTEGER,
ADD COLUMN     "totp_pending_secret_encrypted" TEXT,
ADD COLUMN     "totp_secret_encrypted" TEXT;

-- CreateTable
CREATE TABLE "admin_recovery_code" (
    "id" UUID NOT NULL,
    "admin_user_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_recovery_code_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "admin_recovery_code_code_hash_key" ON "admin_recovery_code"("code_hash");

-- CreateIndex
CREATE INDEX "admin_recovery_code_admin_user_id_idx" ON "admin_recovery_code"("admin_user_id");

-- AddForeignKey
ALTER TABLE "admin_recovery_code" ADD CONSTRAINT "admin_recovery_code_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "admin_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
