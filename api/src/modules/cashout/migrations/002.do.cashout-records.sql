-- Every cash-out, full or partial, one row each, for the staff cash-out list and its CSV export
-- (issue 20 item 4; docs/cash-out.md §10): the projection `cashout_records` of the bets' BetCashedOut
-- and BetPartCashedOut events (records.ts). Amounts in whole TZS, copied from the events. The player is
-- the order's (`orders.user_id`, joined when listed). Columns of the pricing are null on events from
-- before decision 0019 (an unpriced full cash-out carries only its amount).
CREATE TABLE cashout_records (
  bet_id text NOT NULL,
  stream_position integer NOT NULL,       -- of the event in the bet's stream
  at timestamptz NOT NULL,                -- when the cash-out was paid (the command's instant)
  full_cash_out boolean NOT NULL,         -- BetCashedOut (all that was running) or BetPartCashedOut
  cash_out_no integer,                    -- 1 for the bet's first cash-out, 2 …
  part bigint,                            -- stake cashed out
  gross bigint NOT NULL,                  -- value paid before tax
  tax bigint NOT NULL,
  net bigint NOT NULL,                    -- credited to the balance
  remaining_stake bigint,                 -- stake still running after it
  early_settlement_odds text,
  running_stake bigint,                   -- stake running before it
  potential_payout bigint,                -- of the running stake
  probability double precision,
  fair_value bigint,                      -- of this part, before the margin (⌊fair × part ÷ running⌋)
  margin_percent double precision,
  margin bigint,                          -- fair_value − gross: what the cash-out margin kept
  offered bigint,                         -- the value the player accepted, before the hold
  tolerance text,
  offer_id text NOT NULL,
  actor text NOT NULL,                    -- player:<id>, system:auto-cashout, staff:<id>
  PRIMARY KEY (bet_id, stream_position)
);
CREATE INDEX cashout_records_at ON cashout_records (at DESC, bet_id);
