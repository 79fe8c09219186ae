-- admin_user.failed_login_count and last_failed_login_at stay (unused from now on): the previous release reads
-- them at sign-in, so dropping them is a later contract step (docs/operations.md).

-- CreateTable
CREATE TABLE "admin_auth_throttle" (
    "admin_user_id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "last_failed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "admin_auth_throttle_pkey" PRIMARY KEY ("admin_user_id","scope")
);

-- AddForeignKey
ALTER TABLE "admin_auth_throttle" ADD CONSTRAINT "admin_auth_throttle_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "admin_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
