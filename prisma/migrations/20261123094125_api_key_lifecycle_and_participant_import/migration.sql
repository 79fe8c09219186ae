-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_used_ip" TEXT,
ADD COLUMN     "rolled_to_id" UUID;

-- CreateTable
CREATE TABLE "participant_import" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'preview',
    "total_rows" INTEGER NOT NULL,
    "invalid_rows" INTEGER NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "lease_until" TIMESTAMPTZ(3),

    CONSTRAINT "participant_import_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "participant_import_row" (
    "import_id" UUID NOT NULL,
    "row_number" INTEGER NOT NULL,
    "irn" TEXT NOT NULL,
    "phone_number1" TEXT,
    "phone_number2" TEXT,
    "external_ref_id" TEXT,
    "email" TEXT,
    "language" TEXT,
    "participant_id" UUID NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "is_allowed" BOOLEAN,

    CONSTRAINT "participant_import_row_pkey" PRIMARY KEY ("import_id","row_number")
);

-- CreateIndex
CREATE INDEX "participant_import_questionnaire_id_created_at_idx" ON "participant_import"("questionnaire_id", "created_at");

-- CreateIndex
CREATE INDEX "participant_import_status_lease_until_idx" ON "participant_import"("status", "lease_until");

-- CreateIndex
CREATE INDEX "participant_import_row_import_id_state_idx" ON "participant_import_row"("import_id", "state");

-- AddForeignKey
ALTER TABLE "participant_import" ADD CONSTRAINT "participant_import_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "participant_import_row" ADD CONSTRAINT "participant_import_row_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "participant_import"("id") ON DELETE CASCADE ON UPDATE CASCADE;
