-- Payments module (issue 6 items 3-6; spec §3 "Recharge", "Withdraw", "Pay config", "Channel"; §9).
-- Amounts are whole TZS (bigint); instants timestamptz (shown in EAT).

-- Pay config (spec §3, §9): one row per version; the row in force is the latest effective_from <= now.
CREATE TABLE pay_config_versions (
  version serial PRIMARY KEY,
  effective_from timestamptz NOT NULL,
  config jsonb NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO pay_config_versions (effective_from, config, created_by) VALUES (
  '2000-01-01T00:00:00Z',
  '{"tigo_recharge":1,"tigo_withdraw":1,"airtel_recharge":1,"airtel_withdraw":1,"vodacom_recharge":1,"vodacom_withdraw":1,"halotel_recharge":1,"halotel_withdraw":1,"recharge_delay":5,"minimum_recharge":100,"max_recharge":3000000,"minimum_withdraw":1000,"max_withdraw":3000000,"prohibit_withdrawal":0,"withdraw_approval_threshold":1000000,"whitelist_only":0}',
  'system:seed'
);

-- Channels (spec §3 "Channel": name, sort, gateway address), one per network; enable flags live in pay config.
CREATE TABLE payment_channels (
  network smallint PRIMARY KEY,
  name text NOT NULL,
  sort integer NOT NULL,
  gateway_address text NOT NULL DEFAULT ''
);
INSERT INTO payment_channels (network, name, sort) VALUES
  (3, 'Tigo (Mixx by Yas)', 1), (4, 'Airtel Money', 2), (6, 'Vodacom M-Pesa', 3), (7, 'HaloPesa', 4);

-- Every payment (deposit or withdrawal), written in the same transaction as its payment-<id> events.
CREATE TABLE payments (
  payment_id text PRIMARY KEY,
  kind text NOT NULL,
  user_id text NOT NULL,
  network smallint NOT NULL,
  phone text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  pay_status smallint NOT NULL,
  provider_ref text,
  provider_status text,
  -- withdrawals: 'none' | 'waiting' | 'approved' | 'rejected'; 'review' = unknown after the cap (staff).
  approval text NOT NULL DEFAULT 'none',
  review boolean NOT NULL DEFAULT false,
  flag text,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE INDEX payments_user ON payments (user_id, kind, created_at DESC);
CREATE INDEX payments_kind_status ON payments (kind, status, created_at DESC);
CREATE UNIQUE INDEX payments_provider_ref ON payments (network, provider_ref) WHERE provider_ref IS NOT NULL;

-- Follow-ups the worker owes (enquiries with back-off; sending an approved payout).
CREATE TABLE payment_followups (
  payment_id text PRIMARY KEY,
  action text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  give_up_at timestamptz NOT NULL
);
CREATE INDEX payment_followups_due ON payment_followups (next_attempt_at);

-- Callbacks received (raw), with what we made of them.
CREATE TABLE payment_callbacks (
  id bigserial PRIMARY KEY,
  network smallint NOT NULL,
  payment_id text,
  verified boolean NOT NULL,
  outcome text NOT NULL,
  amount bigint,
  flag text,
  raw text NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX payment_callbacks_payment ON payment_callbacks (payment_id);

-- Reconciliation (issue 6 item 5): one row per mismatch between us and a provider statement.
CREATE TABLE reconciliation_items (
  id bigserial PRIMARY KEY,
  run_id text NOT NULL,
  network smallint NOT NULL,
  payment_id text NOT NULL,
  kind text NOT NULL,
  ours jsonb,
  theirs jsonb,
  found_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by text,
  resolution text,
  UNIQUE (network, payment_id, kind, run_id)
);
CREATE INDEX reconciliation_open ON reconciliation_items (resolved_at, found_at DESC);
