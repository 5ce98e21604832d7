-- Agent salary (issue 21 "Agents (proxies)"; spec §3 return scale, §6 agent/proxy role "salary";
-- docs/promotions.md "Agent salary"; decision 0065). Amounts are whole TZS.

-- The bets of players who have a superior (agent) when placed, filled by the projection
-- `promotion.triggers`: stake and returns of the first settlement, settled_at its instant.
CREATE TABLE promo_agent_bets (
  bet_id text PRIMARY KEY,
  user_id text NOT NULL,
  agent_id text NOT NULL,
  stake bigint,                      -- NULL until settled
  returns bigint,                    -- credited to the balance + stake refunded to credit money
  settled_at timestamptz
);
CREATE INDEX promo_agent_bets_settled ON promo_agent_bets (agent_id, settled_at);

-- One salary per agent and week (Monday 00:00 EAT to the next Monday), computed at the week's close
-- and never recomputed; status due (amount > 0) | nothing (net <= 0: players won) | paid.
CREATE TABLE agent_salaries (
  agent_id text NOT NULL,
  period text NOT NULL,              -- the week's Monday, yyyy-MM-dd (EAT)
  return_scale integer NOT NULL,     -- percent (decision 0065)
  stakes bigint NOT NULL,
  returns bigint NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  computed_at timestamptz NOT NULL,
  paid_at timestamptz,
  paid_by text,
  PRIMARY KEY (agent_id, period)
);
CREATE INDEX agent_salaries_period ON agent_salaries (period, agent_id);
