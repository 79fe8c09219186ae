-- The audit log is append-only: rows may be inserted, never changed or removed, whoever asks. The application
-- has no such code path, and these triggers also stop a mistaken query or a leaked application role.
--
-- No literal semicolon may appear inside a statement here: Prisma's PostgreSQL adapter runs a migration
-- script by splitting it on every semicolon. So the PL/pgSQL body is an E'' string that spells it \x3b.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  RAISE EXCEPTION ''audit_log is append-only: % is not allowed'', TG_OP
    USING ERRCODE = ''insufficient_privilege''\x3b
END\x3b
';

CREATE TRIGGER audit_log_no_update_or_delete
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
