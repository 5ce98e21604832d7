-- Cash-out (early settlement; issue 20; docs/cash-out.md; decisions 0019 and 0039–0041).

-- Staff settings, versioned with effective dates like the bet configuration (spec §9 "early-settlement
-- delay"): a cash-out is priced with the version in force when it is accepted. No row = the defaults.
CREATE TABLE cashout_config_versions (
  effective_from timestamptz PRIMARY KEY,
  config jsonb NOT NULL,                  -- domain CashOutConfig
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A player's automatic cash-out of a running bet: cash out the whole running stake the first time the
-- offer reaches `target` (TZS, gross). `rule_id` is the offer id the cash-out is accepted with, so the
-- same rule pays at most once; setting a new target makes a new rule id. `fired_at` once it paid.
CREATE TABLE cashout_auto_rules (
  bet_id text PRIMARY KEY,
  user_id text NOT NULL,
  rule_id text NOT NULL,
  target bigint NOT NULL CHECK (target > 0),
  set_at timestamptz NOT NULL DEFAULT now(),
  fired_at timestamptz,
  last_code text                          -- why the last attempt did not pay (CASH_OUT_PRICE_CHANGED …)
);
CREATE INDEX cashout_auto_rules_armed ON cashout_auto_rules (bet_id) WHERE fired_at IS NULL;

-- Work of the auto cash-out process manager (process-manager.ts drainQueue): a rule whose offer reached
-- its target. Filled by the scanner, drained through the money path; at least once in, once in effect.
CREATE TABLE cashout_auto_queue (
  bet_id text NOT NULL,
  rule_id text NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  lease_id uuid,
  PRIMARY KEY (bet_id, rule_id)
);
CREATE INDEX cashout_auto_queue_order ON cashout_auto_queue (queued_at, bet_id);
