-- Statistics read models (issue 5 items 4 and 8; spec §2 admin "statistics (today, hourly, historical,
-- proxy)", §3 "Agent statistics"; docs/statistics.md). Projected by `statistics` from the wallet-, bet-
-- and account- streams in log order; every row can be dropped and rebuilt from the events.
-- Buckets are East Africa Time (UTC+3, no daylight saving): `day` is the EAT date, `hour` 0–23 the EAT
-- hour of the event's own instant (`data.at`). Money columns are signed whole TZS.

CREATE TABLE stats_hourly (
  day date NOT NULL,
  hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  stakes bigint NOT NULL DEFAULT 0,              -- stakes debited, every pocket (bill types 3, 4, 5, 13, 22)
  credit_stakes bigint NOT NULL DEFAULT 0,       -- the part of `stakes` paid with credit money (pay type 2)
  stake_refunds bigint NOT NULL DEFAULT 0,       -- stakes given back (void, cancelled), less their reversals
  payouts bigint NOT NULL DEFAULT 0,             -- winnings credited after tax (incl. cash-outs), less reversals
  tax bigint NOT NULL DEFAULT 0,                 -- withholding tax kept from winnings, less reversals
  bonuses bigint NOT NULL DEFAULT 0,             -- bonus credits (bill types 8, 10, 12, 17, 24)
  deposits bigint NOT NULL DEFAULT 0,            -- recharges credited (bill types 6, 11)
  deposit_count bigint NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,         -- withdrawals paid out (WithdrawalConfirmed, bill type 7)
  withdrawal_count bigint NOT NULL DEFAULT 0,
  withdrawals_reserved bigint NOT NULL DEFAULT 0,-- withdrawals taken from balances (WithdrawalReserved, bill type 7)
  withdrawal_refunds bigint NOT NULL DEFAULT 0,  -- reserved withdrawals given back (bill type 9)
  staff_adjustments bigint NOT NULL DEFAULT 0,   -- net of staff changes to any pocket (bill type 2)
  bets_placed bigint NOT NULL DEFAULT 0,         -- bets whose stake was paid (StakePaid)
  bets_settled bigint NOT NULL DEFAULT 0,        -- bets settled (BetSettled with a settled settlement)
  registrations bigint NOT NULL DEFAULT 0,       -- new player accounts (AccountRegistered)
  PRIMARY KEY (day, hour)
);

-- Who moved money in which hour: distinct active players of an hour, a day or a range, counted exactly.
CREATE TABLE stats_hour_players (
  day date NOT NULL,
  hour smallint NOT NULL,
  user_id text NOT NULL,
  PRIMARY KEY (day, hour, user_id)
);

-- The projection's own copy of what it needs from account-<userId>: the agent (superior) of a player at
-- each point of the log, and the phone that names an agent.
CREATE TABLE stats_accounts (
  user_id text PRIMARY KEY,
  phone text NOT NULL,
  superior_id text,
  registered_at timestamptz NOT NULL
);
CREATE INDEX stats_accounts_superior ON stats_accounts (superior_id);

-- Per EAT day, per agent, per player of that agent (the agent in force when the money moved).
CREATE TABLE stats_agent_daily (
  day date NOT NULL,
  agent_id text NOT NULL,
  user_id text NOT NULL,
  deposits bigint NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,         -- paid out
  stakes bigint NOT NULL DEFAULT 0,
  bet_count bigint NOT NULL DEFAULT 0,
  stake_refunds bigint NOT NULL DEFAULT 0,
  payouts bigint NOT NULL DEFAULT 0,             -- after tax
  PRIMARY KEY (day, agent_id, user_id)
);
CREATE INDEX stats_agent_daily_agent ON stats_agent_daily (agent_id, day);
