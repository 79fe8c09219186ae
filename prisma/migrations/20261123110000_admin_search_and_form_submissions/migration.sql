-- CreateTable
CREATE TABLE "admin_form_submission" (
    "admin_user_id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_form_submission_pkey" PRIMARY KEY ("admin_user_id","submission_id")
);

-- CreateIndex
CREATE INDEX "admin_form_submission_created_at_idx" ON "admin_form_submission"("created_at");

-- Participant search inside fields (Admin list): one trigram index over everything the search box looks in.
-- pg_trgm is a trusted contrib extension (PostgreSQL 13+: a database owner may create it, and PGlite loads it
-- from its contrib bundle). Prisma cannot describe the index and its diff leaves it alone, and the expression
-- must stay exactly searchHaystack() of server/services/participant-search.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "participant_search_trgm_idx" ON "participant" USING gin ((
  lower(coalesce("irn", '') || chr(10) || coalesce("email", '') || chr(10) || coalesce("external_ref_id", ''))
  || chr(10) || translate(coalesce("phone_number1", ''), ' ().-/', '')
  || chr(10) || translate(coalesce("phone_number2", ''), ' ().-/', '')
) gin_trgm_ops);
