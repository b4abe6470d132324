-- The server keeps signed-in principals in memory (decision 025). Whatever can change what
-- loadPrincipal returns tells every instance at commit on the channel kopi_cache: a session
-- revoked, ended early or moved to another tenant; a user disabled, moved to another role,
-- outlet or tenant, or made to change their password; a role renamed or its permissions
-- changed; a tenant suspended. The payload names the cache. Identical NOTIFYs of a transaction
-- are sent once. Sign-in, refresh and profile edits change none of these columns: no NOTIFY.
CREATE FUNCTION "kopi_principals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kopi_cache', 'principals');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_principal_changed"
  AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.acting_tenant_id IS DISTINCT FROM NEW.acting_tenant_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_principal_deleted"
  AFTER DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "users_principal_changed"
  AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.role_id IS DISTINCT FROM NEW.role_id
    OR OLD.id_outlet IS DISTINCT FROM NEW.id_outlet
    OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
    OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password)
  EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "users_principal_deleted"
  AFTER DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "roles_principal_changed"
  AFTER UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_principal_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "tenants_principal_changed"
  AFTER UPDATE ON "tenants" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "tenants_principal_deleted"
  AFTER DELETE ON "tenants" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
-- TRUNCATE fires no row or DELETE trigger: a truncated table tells too (tests empty tables so).
CREATE TRIGGER "sessions_principal_truncated"
  AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "users_principal_truncated"
  AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "roles_principal_truncated"
  AFTER TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_principal_truncated"
  AFTER TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();--> statement-breakpoint
CREATE TRIGGER "tenants_principal_truncated"
  AFTER TRUNCATE ON "tenants" FOR EACH STATEMENT EXECUTE FUNCTION "kopi_principals_changed"();
