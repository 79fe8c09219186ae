-- CreateIndex
CREATE INDEX "attempt_number_participant_id_idx" ON "attempt"("number", "participant_id");

-- CreateIndex
CREATE INDEX "participant_outcome_created_idx" ON "participant"("questionnaire_id", "outcome", "created_at", "id");

-- Expression indexes of the Admin participants search. Prisma cannot describe them and its diff leaves them
-- alone, and the expressions must stay exactly those of server/services/participant-search.ts. text_pattern_ops
-- lets LIKE 'abc%' use the index whatever the database collation.
CREATE INDEX "participant_search_irn_idx" ON "participant"("questionnaire_id", lower("irn") text_pattern_ops);
CREATE INDEX "participant_search_email_idx" ON "participant"("questionnaire_id", lower("email") text_pattern_ops);
CREATE INDEX "participant_search_external_ref_idx" ON "participant"("questionnaire_id", lower("external_ref_id") text_pattern_ops);
-- Phone numbers are stored as sent, and search and call-blocking compare them without separators.
CREATE INDEX "participant_search_phone1_idx" ON "participant"("questionnaire_id", translate("phone_number1", ' ().-/', '') text_pattern_ops);
CREATE INDEX "participant_search_phone2_idx" ON "participant"("questionnaire_id", translate("phone_number2", ' ().-/', '') text_pattern_ops);
