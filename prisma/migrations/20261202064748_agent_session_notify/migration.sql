-- Cached agent sessions of the halt check (lib/auth/agent-session-cache.ts): every update of an agent
-- session (its state after a halt, an acknowledgement or a pause; any other column) and every delete
-- NOTIFYs `keel_agent_sessions` with the session's token, and every process drops that session from its
-- cache. Triggers rather than a NOTIFY in the application, so every way a session row changes (the API,
-- the agent runtime, a script, plain SQL) reaches the caches. Sessions are updated only when their state
-- changes, so the notifications are few.
CREATE FUNCTION keel_notify_agent_session_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('keel_agent_sessions', OLD.session_token);
  IF TG_OP = 'UPDATE' AND NEW.session_token IS DISTINCT FROM OLD.session_token THEN
    PERFORM pg_notify('keel_agent_sessions', NEW.session_token);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER agent_sessions_notify_change
  AFTER UPDATE ON "agent_sessions"
  FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION keel_notify_agent_session_change();

CREATE TRIGGER agent_sessions_notify_delete
  AFTER DELETE ON "agent_sessions"
  FOR EACH ROW EXECUTE FUNCTION keel_notify_agent_session_change();
