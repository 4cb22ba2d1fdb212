-- Revocation of cached agent keys (lib/auth/api-key-cache.ts): every update or delete of an API key
-- NOTIFYs `keel_api_keys` with the key's prefix, and every process drops that key from its cache. A
-- trigger rather than a NOTIFY in the application, so every way a key row changes (the API, a script,
-- plain SQL) reaches the caches.
CREATE FUNCTION keel_notify_api_key_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keel_api_keys', COALESCE(OLD.prefix, NEW.prefix));
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_notify_change
  AFTER UPDATE OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION keel_notify_api_key_change();
