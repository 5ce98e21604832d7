-- Wallet read models (spec §3 "Bill entry", User balance fields; architecture.md §4), projected from
-- the wallet-<userId> streams. Rebuildable from the events at any time.

CREATE TABLE wallet_balances (
  user_id text PRIMARY KEY,
  balance bigint NOT NULL DEFAULT 0,          -- TZS, real money
  credit_money bigint NOT NULL DEFAULT 0,     -- TZS, free bet / bonus money
  racing_coin bigint NOT NULL DEFAULT 0,      -- racing coin (1 coin = 1 TZS)
  debt bigint NOT NULL DEFAULT 0,             -- TZS owed after a settlement reversal found too little
  wallet_version bigint NOT NULL DEFAULT 0,   -- stream position of the last movement applied
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per pocket touched by a movement: the player's "bills" (spec §3, §2 /user_bill type 1 balance,
-- 2 credit money).
CREATE TABLE bills (
  id bigserial PRIMARY KEY,
  event_id uuid NOT NULL,
  user_id text NOT NULL,
  movement_id text NOT NULL,
  event_type text NOT NULL,
  bill_type smallint NOT NULL,                -- spec bill type codes 1–17, 22–25
  pocket text NOT NULL,                       -- balance | creditMoney | racingCoin | debt
  amount bigint NOT NULL,                     -- signed change, TZS
  balance_before bigint NOT NULL,
  balance_after bigint NOT NULL,
  reference text NOT NULL,                    -- bet id, payment id, staff request id
  remark text NOT NULL,
  actor text NOT NULL,
  at timestamptz NOT NULL,
  UNIQUE (event_id, pocket)
);
CREATE INDEX bills_user_pocket_at ON bills (user_id, pocket, at DESC, id DESC);
CREATE INDEX bills_reference ON bills (reference);
