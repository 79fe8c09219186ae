-- CreateTable
CREATE TABLE "tenant" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaire" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "guide_texts" JSONB NOT NULL DEFAULT '{}',
    "phone_number" TEXT,
    "languages" TEXT[] DEFAULT ARRAY['English']::TEXT[],
    "attempt_limit" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "questionnaire_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_user" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "is_operator" BOOLEAN NOT NULL DEFAULT false,
    "failed_login_count" INTEGER NOT NULL DEFAULT 0,
    "last_failed_login_at" TIMESTAMPTZ(3),
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "admin_grant" (
    "id" UUID NOT NULL,
    "admin_user_id" UUID NOT NULL,
    "tenant_id" UUID,
    "questionnaire_id" UUID,
    "role" TEXT NOT NULL DEFAULT 'admin',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "end" TEXT NOT NULL,
    "scopes" TEXT[],
    "scope_field" TEXT NOT NULL DEFAULT 'scopes',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_by_admin" UUID,
    "created_by_key" UUID,

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "participant" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "irn" TEXT NOT NULL,
    "phone_number1" TEXT,
    "phone_number2" TEXT,
    "external_ref_id" TEXT,
    "email" TEXT,
    "language" TEXT,
    "outcome" TEXT,
    "outcome_ts" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "erased_at" TIMESTAMPTZ(3),

    CONSTRAINT "participant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attempt" (
    "id" UUID NOT NULL,
    "participant_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "access_code" TEXT NOT NULL,
    "guide_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "attempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outcome_event" (
    "id" UUID NOT NULL,
    "participant_id" UUID NOT NULL,
    "outcome" TEXT NOT NULL,
    "outcome_ts" TIMESTAMPTZ(3) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "api_key_id" UUID,

    CONSTRAINT "outcome_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "blocked_phone_number" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "phone_number" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blocked_phone_number_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "questionnaire_tenant_id_idx" ON "questionnaire"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "admin_user_email_key" ON "admin_user"("email");

-- CreateIndex
CREATE INDEX "admin_grant_tenant_id_idx" ON "admin_grant"("tenant_id");

-- CreateIndex
CREATE INDEX "admin_grant_questionnaire_id_idx" ON "admin_grant"("questionnaire_id");

-- CreateIndex
CREATE UNIQUE INDEX "admin_grant_admin_user_id_tenant_id_questionnaire_id_key" ON "admin_grant"("admin_user_id", "tenant_id", "questionnaire_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_key_hash_key" ON "api_key"("hash");

-- CreateIndex
CREATE INDEX "api_key_questionnaire_id_created_at_idx" ON "api_key"("questionnaire_id", "created_at");

-- CreateIndex
CREATE INDEX "participant_questionnaire_id_created_at_id_idx" ON "participant"("questionnaire_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "participant_questionnaire_id_irn_key" ON "participant"("questionnaire_id", "irn");

-- CreateIndex
CREATE UNIQUE INDEX "attempt_access_code_key" ON "attempt"("access_code");

-- CreateIndex
CREATE UNIQUE INDEX "attempt_guide_token_key" ON "attempt"("guide_token");

-- CreateIndex
CREATE UNIQUE INDEX "attempt_participant_id_number_key" ON "attempt"("participant_id", "number");

-- CreateIndex
CREATE INDEX "outcome_event_participant_id_recorded_at_idx" ON "outcome_event"("participant_id", "recorded_at");

-- CreateIndex
CREATE UNIQUE INDEX "blocked_phone_number_questionnaire_id_phone_number_key" ON "blocked_phone_number"("questionnaire_id", "phone_number");

-- AddForeignKey
ALTER TABLE "questionnaire" ADD CONSTRAINT "questionnaire_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_grant" ADD CONSTRAINT "admin_grant_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "admin_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_grant" ADD CONSTRAINT "admin_grant_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_grant" ADD CONSTRAINT "admin_grant_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "participant" ADD CONSTRAINT "participant_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outcome_event" ADD CONSTRAINT "outcome_event_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocked_phone_number" ADD CONSTRAINT "blocked_phone_number_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;
