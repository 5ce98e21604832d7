-- Cash-out on the order (issue 20; spec §3 "Order … early-settlement odds", §4 status 6; decision 0019):
-- the stake still running after partial cash-outs (NULL = the whole stake), the net amount credited by
-- cash-outs so far (TZS), their gross value and tax, how many there were, and the early-settlement odds
-- of the latest one (gross ÷ part, 2 decimals). Rebuilding the orders projection fills them from the
-- bet events (BetPartCashedOut, BetCashedOut).
ALTER TABLE orders ADD COLUMN remaining_stake bigint;
ALTER TABLE orders ADD COLUMN cashed_out bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cash_out_gross bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cash_out_tax bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cash_outs smallint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN early_settlement_odds text;
