-- Web processes cache authenticated bearer tokens for a few seconds (lib/auth/bearer-cache.ts). Every
-- change that can withdraw or narrow a token (revocation, scopes, its user disabled, demoted, renamed or
-- deleted) NOTIFYs `keel_credentials`, whichever path wrote it (API, CLI, SQL), so every process drops
-- its cache at once. The notification is delivered on commit.
CREATE FUNCTION keel_notify_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keel_credentials', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_notify_credentials_changed
  AFTER UPDATE OF revoked_at, scopes, kind, secret_hash, user_id, name OR DELETE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION keel_notify_credentials_changed();

CREATE TRIGGER users_notify_credentials_changed
  AFTER UPDATE OF disabled_at, role, username OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION keel_notify_credentials_changed();
