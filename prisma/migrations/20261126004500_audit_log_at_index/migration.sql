-- The audit log of all questionnaires (platform operators) shows the newest entries first: without an index
-- on "at" PostgreSQL sorted every entry for each page (1.6 s at 1.3 million entries on a busy 2-core
-- machine, and growing with the history). With it, each month partition is read newest first and the page
-- stops after 51 rows. expand step: the previous release neither needs nor minds it.
CREATE INDEX "audit_log_at_idx" ON "audit_log"("at");
