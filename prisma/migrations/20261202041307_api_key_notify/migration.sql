-- Revocation of cached agent keys (lib/auth/api-key-cache.ts): every change of what authentication reads
-- from an API key (revoked_at, the hash, scopes, name, kind, owner) and every delete NOTIFYs
-- `keel_api_keys` with the key's prefix, and every process drops that key from its cache. Triggers rather
-- than a NOTIFY in the application, so every way a key row changes (the API, a script, plain SQL)
-- reaches the caches. The minutely last_used_at write does not notify (it would empty the cache of a
-- key at every use).
CREATE FUNCTION keel_notify_api_key_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keel_api_keys', OLD.prefix);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_notify_change
  AFTER UPDATE ON "api_keys"
  FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.secret_hash, OLD.scopes, OLD.name, OLD.kind, OLD.prefix, OLD.user_id)
        IS DISTINCT FROM
        (NEW.revoked_at, NEW.secret_hash, NEW.scopes, NEW.name, NEW.kind, NEW.prefix, NEW.user_id))
  EXECUTE FUNCTION keel_notify_api_key_change();

CREATE TRIGGER api_keys_notify_delete
  AFTER DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION keel_notify_api_key_change();
