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
    "rate_limit_per_minute" INTEGER,

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

-- CreateTable
CREATE TABLE "result" (
    "id" UUID NOT NULL,
    "participant_id" UUID NOT NULL,
    "attempt_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "overall_evaluation" TEXT NOT NULL,
    "questions_risk_rating" JSONB NOT NULL,
    "is_admission" BOOLEAN NOT NULL,
    "is_counter_measure" BOOLEAN NOT NULL,
    "is_not_complete" BOOLEAN NOT NULL,
    "summary" TEXT,
    "summary_bgcolor" TEXT,
    "clear" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "result_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "result_revision" (
    "id" UUID NOT NULL,
    "result_id" UUID NOT NULL,
    "data" JSONB NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "result_revision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoint" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "previous_secret_encrypted" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "auth_type" TEXT NOT NULL DEFAULT 'none',
    "auth_header_name" TEXT,
    "auth_header_value_encrypted" TEXT,
    "oauth_token_url" TEXT,
    "oauth_client_id" TEXT,
    "oauth_client_secret_encrypted" TEXT,
    "oauth_audience" TEXT,
    "oauth_scope" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "id" UUID NOT NULL,
    "message_id" TEXT NOT NULL,
    "webhook_id" UUID NOT NULL,
    "participant_id" UUID,
    "result_revision_id" UUID,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),
    "leased_by" TEXT,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempt" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "response_snippet" TEXT,
    "error" TEXT,

    CONSTRAINT "webhook_delivery_attempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "tenant_id" UUID,
    "questionnaire_id" UUID,
    "source_ip" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_record" (
    "api_key_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'in_progress',
    "response_status" INTEGER,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("api_key_id","key")
);

-- CreateTable
CREATE TABLE "rate_limit_bucket" (
    "api_key_id" UUID NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_bucket_pkey" PRIMARY KEY ("api_key_id")
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

-- CreateIndex
CREATE INDEX "result_participant_id_idx" ON "result"("participant_id");

-- CreateIndex
CREATE INDEX "result_status_idx" ON "result"("status");

-- CreateIndex
CREATE UNIQUE INDEX "result_attempt_id_key" ON "result"("attempt_id");

-- CreateIndex
CREATE INDEX "result_revision_result_id_created_at_idx" ON "result_revision"("result_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_endpoint_questionnaire_id_idx" ON "webhook_endpoint"("questionnaire_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_delivery_message_id_key" ON "webhook_delivery"("message_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_status_next_attempt_at_idx" ON "webhook_delivery"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_created_at_idx" ON "webhook_delivery"("webhook_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_participant_id_created_at_idx" ON "webhook_delivery"("participant_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_attempt_delivery_id_attempted_at_idx" ON "webhook_delivery_attempt"("delivery_id", "attempted_at");

-- CreateIndex
CREATE INDEX "audit_log_questionnaire_id_at_idx" ON "audit_log"("questionnaire_id", "at");

-- CreateIndex
CREATE INDEX "audit_log_tenant_id_at_idx" ON "audit_log"("tenant_id", "at");

-- CreateIndex
CREATE INDEX "audit_log_actor_type_actor_id_at_idx" ON "audit_log"("actor_type", "actor_id", "at");

-- CreateIndex
CREATE INDEX "idempotency_record_expires_at_idx" ON "idempotency_record"("expires_at");

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

-- AddForeignKey
ALTER TABLE "result" ADD CONSTRAINT "result_participant_id_fkey" FOREIGN KEY ("participant_id") REFERENCES "participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "result" ADD CONSTRAINT "result_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "attempt"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "result_revision" ADD CONSTRAINT "result_revision_result_id_fkey" FOREIGN KEY ("result_id") REFERENCES "result"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempt" ADD CONSTRAINT "webhook_delivery_attempt_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
