-- The audit log is append-only (issue 7), and 0006 left TRUNCATE open: it fires no row trigger, so
-- one statement could empty every tenant's history. A statement-level trigger refuses it too, with
-- the same function and error as UPDATE and DELETE.
CREATE TRIGGER "audit_log_no_truncate"
  BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
