-- Betting: configuration versions, orders read models, settlement work, booking codes
-- (spec §3 Bet config, String reward tier, Order, Order detail line; architecture.md §3).

-- Bet configuration with effective dates: a bet is priced and settled with the version in force when
-- it was placed (the bet's own events also carry the terms used).
CREATE TABLE bet_config_versions (
  id serial PRIMARY KEY,
  effective_from timestamptz NOT NULL UNIQUE,
  config jsonb NOT NULL,                 -- domain BetConfig (camelCase), incl. stringRewards tiers
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Withholding tax on winnings per product, dated (betting-rules §8).
CREATE TABLE tax_rules (
  product text NOT NULL CHECK (product IN ('sports', 'virtual', 'casino')),
  effective_from timestamptz NOT NULL,
  rate_percent numeric(5, 2) NOT NULL CHECK (rate_percent >= 0 AND rate_percent <= 100),
  PRIMARY KEY (product, effective_from)
);

-- Orders (spec §3 "Order") and their lines (spec §3 "Order detail line"), projected from bet-<id> streams.
CREATE TABLE orders (
  bet_id text PRIMARY KEY,
  serial text NOT NULL UNIQUE,
  user_id text NOT NULL,
  order_type text NOT NULL,              -- user | admin | random
  status text NOT NULL,                  -- domain BetStatus
  status_code smallint NOT NULL,         -- spec order status 1–6
  pay_type smallint NOT NULL,            -- 1 balance, 2 credit money
  stake bigint NOT NULL,
  pay_payable bigint NOT NULL,
  virtual_pay_amount bigint NOT NULL,
  selections int NOT NULL,
  total_odds text NOT NULL,
  tax_rate numeric(5, 2) NOT NULL,
  potential_profit bigint NOT NULL,
  potential_reward bigint NOT NULL,
  reward_percent numeric(5, 2) NOT NULL,
  potential_tax bigint NOT NULL,
  potential_return bigint NOT NULL,      -- after-tax amount shown when placed
  payout bigint,                         -- gross return at settlement
  reward bigint,
  tax bigint,
  credited bigint,                       -- what the wallet received (after tax)
  reject_code text,
  abnormal_info text,
  cancel_reason text,
  placed_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX orders_user_placed ON orders (user_id, placed_at DESC);
CREATE INDEX orders_status_placed ON orders (status_code, placed_at DESC);

CREATE TABLE order_lines (
  bet_id text NOT NULL REFERENCES orders (bet_id),
  leg_index int NOT NULL,
  match_id text NOT NULL,
  selection_id text NOT NULL,
  market_id text NOT NULL,
  home text NOT NULL,
  away text NOT NULL,
  market_name text NOT NULL,
  selection_name text NOT NULL,
  odds text NOT NULL,
  start_time timestamptz NOT NULL,
  event_status smallint NOT NULL,        -- at bet time: 1 pre-match, 2 live
  outcome smallint NOT NULL DEFAULT 0,   -- spec outcome code 0–6
  void_factor text,
  rule text,
  PRIMARY KEY (bet_id, leg_index)
);
CREATE INDEX order_lines_match ON order_lines (match_id);

-- Settlement process manager state: which bet legs wait on which match, the latest facts of each
-- fixture, and the bets still to settle (worked through in small transactions).
CREATE TABLE settlement_legs (
  match_id text NOT NULL,
  bet_id text NOT NULL,
  PRIMARY KEY (match_id, bet_id)
);
CREATE TABLE settlement_facts (
  match_id text PRIMARY KEY,
  revision int NOT NULL,
  facts jsonb NOT NULL
);
CREATE TABLE settlement_queue (
  bet_id text NOT NULL,
  match_id text NOT NULL,
  revision int NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bet_id, match_id, revision)
);

-- Booking codes (spec §2 share popover, §7 share_list/add): a short code for a slip's selections.
CREATE TABLE booking_codes (
  code text PRIMARY KEY,
  selections jsonb NOT NULL,             -- [{ selectionId, odds }]
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
