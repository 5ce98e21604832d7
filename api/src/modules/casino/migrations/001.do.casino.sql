-- Casino (issue 22; docs/casino.md): providers, the game catalogue, player game sessions, and the
-- read model of casino round transactions (projection of `casino-round-*` events).

CREATE TABLE casino_providers (
  id text PRIMARY KEY,                       -- our id of the provider, e.g. 'sandbox'
  name text NOT NULL,
  secret text NOT NULL,                      -- HMAC-SHA256 key of its wallet calls
  enabled boolean NOT NULL DEFAULT true,
  launch_url text NOT NULL,                  -- game URL template: {gameId}, {token}, {lang}, {mode}
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE casino_games (
  provider_id text NOT NULL REFERENCES casino_providers (id),
  game_id text NOT NULL,
  category text NOT NULL,                    -- crash | instant | slots | table | live
  name_sw text NOT NULL,
  name_en text NOT NULL,
  name_zh text NOT NULL,
  thumbnail text NOT NULL,
  rtp_percent numeric(5, 2) NOT NULL,
  volatility text NOT NULL,                  -- low | medium | high
  min_stake bigint NOT NULL,                 -- TZS
  max_stake bigint NOT NULL,                 -- TZS
  sort_order integer NOT NULL DEFAULT 0,
  visible boolean NOT NULL DEFAULT true,
  popular boolean NOT NULL DEFAULT false,
  is_new boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, game_id)
);

-- A launch: the short-lived token the provider sends back with every wallet call.
CREATE TABLE casino_sessions (
  token text PRIMARY KEY,
  provider_id text NOT NULL,
  game_id text NOT NULL,
  user_id text,                              -- null: demo mode (no money)
  demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX casino_sessions_user ON casino_sessions (user_id, created_at DESC);

-- One row per accepted provider transaction (projection `casino-transactions`).
CREATE TABLE casino_transactions (
  provider_id text NOT NULL,
  transaction_id text NOT NULL,
  round_id text NOT NULL,
  game_id text NOT NULL,
  user_id text NOT NULL,
  kind text NOT NULL,                        -- bet | win | rollback | reward
  amount bigint NOT NULL,                    -- TZS as sent (bet, win, reward) or refunded (rollback)
  movement bigint NOT NULL,                  -- signed TZS on the balance
  reference text,                            -- the bet a win or rollback names
  outcome text,                              -- rollback: refunded | alreadyRolledBack | unknownBet
  at timestamptz NOT NULL,
  PRIMARY KEY (provider_id, transaction_id)
);
CREATE INDEX casino_transactions_round ON casino_transactions (provider_id, round_id, at);
CREATE INDEX casino_transactions_user ON casino_transactions (user_id, at DESC);
CREATE INDEX casino_transactions_game ON casino_transactions (provider_id, game_id, at);
