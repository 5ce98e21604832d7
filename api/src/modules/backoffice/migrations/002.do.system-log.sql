-- The system log (spec §3 "Log": content, source, user agent, type, user id, time; §7 log/add: clients
-- report their uncaught errors with type 9 and content holding the page address and the error text).
CREATE TABLE system_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  type smallint NOT NULL,
  content text NOT NULL,
  source text NOT NULL,
  user_agent text,
  user_id text,
  ip text
);
CREATE INDEX system_log_at ON system_log (at DESC, id DESC);
CREATE INDEX system_log_type_at ON system_log (type, at DESC);
