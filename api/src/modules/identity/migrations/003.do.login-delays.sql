-- Issue 15 item 5: progressive delays after failed player logins, per phone and per IP (delays.ts),
-- instead of a fixed window that let anyone lock a player out.
CREATE TABLE auth_login_delays (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  last_attempt_ms bigint NOT NULL
);
