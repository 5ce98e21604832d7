-- Player identity (issue 5 item 2; spec §3 User, SMS; §5 Registration, Login; docs/auth.md).
-- Accounts are event-sourced (stream account-<userId>); these are the plain tables beside them.

-- Credentials: never events. `hash_ref` is the reference the AccountRegistered / PasswordChanged events
-- carry; the hash itself stays here. `phone` and `invitation_code` are unique at registration time.
CREATE TABLE player_credentials (
  user_id text PRIMARY KEY,
  phone text NOT NULL UNIQUE,
  invitation_code text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  hash_ref text NOT NULL,
  password_changed_at timestamptz,
  default_bet_amount bigint,
  last_login_at timestamptz,
  last_login_ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Read model of account-* events (projection `identity.player_accounts`). Login time and IP and the
-- default bet amount are copied from player_credentials (their source), so a rebuild equals the live one.
-- Balances live in the wallet module's wallet_balances, keyed by the same user_id.
CREATE TABLE player_accounts (
  user_id text PRIMARY KEY,
  phone text NOT NULL,
  network smallint NOT NULL,
  invitation_code text NOT NULL,
  superior_id text,
  disabled boolean NOT NULL DEFAULT false,
  no_bet boolean NOT NULL DEFAULT false,
  no_withdraw boolean NOT NULL DEFAULT false,
  reported smallint NOT NULL DEFAULT 1,
  return_scale text NOT NULL DEFAULT '0',
  withdrawal_whitelist boolean NOT NULL DEFAULT false,
  note text NOT NULL DEFAULT '',
  default_bet_amount bigint,
  created_at timestamptz NOT NULL,
  last_login_at timestamptz,
  last_login_ip text,
  version integer NOT NULL DEFAULT 0
);
CREATE INDEX player_accounts_phone ON player_accounts (phone);
CREATE INDEX player_accounts_invitation_code ON player_accounts (invitation_code);
CREATE INDEX player_accounts_superior ON player_accounts (superior_id);
CREATE INDEX player_accounts_created ON player_accounts (created_at DESC);

-- Bearer sessions of players and staff. Only the SHA-256 of the token is stored.
CREATE TABLE auth_sessions (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('player', 'staff')),
  subject_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX auth_sessions_subject ON auth_sessions (kind, subject_id) WHERE revoked_at IS NULL;

-- SMS (spec §3 "SMS": content, code, phone, status, type, area code, sending time).
CREATE TABLE sms_messages (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  area_code text NOT NULL DEFAULT '255',
  type text NOT NULL,
  content text NOT NULL,
  code text,
  status text NOT NULL DEFAULT 'unused' CHECK (status IN ('unused', 'used')),
  sent_at timestamptz NOT NULL,
  expires_at timestamptz,
  used_at timestamptz,
  ip text
);
CREATE INDEX sms_messages_phone ON sms_messages (phone, type, sent_at DESC);

-- Fixed-window counters for rate limits (login, registration, SMS codes) by key and window start.
CREATE TABLE auth_rate_limits (
  key text NOT NULL,
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
