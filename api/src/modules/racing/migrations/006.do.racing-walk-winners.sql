-- A drawn round's winning orders are settled by its walk too (decision 0194; docs/racing.md "Settlement
-- in chunks"): the walk computes their figures from the read model, so the read model keeps each order's
-- terms exactly as placed (RacingBetPlaced.terms: odds, tax rate, profit cap). NULL for orders placed
-- before this migration: the walk settles those winners on their own streams, as before.
ALTER TABLE racing_orders ADD COLUMN terms jsonb;
-- The walk's read of one chunk, now with the amount payable and the terms (see migration 005).
DROP FUNCTION racing_settle_walk(text, text, integer, integer, integer);
CREATE FUNCTION racing_settle_walk(round text, after text, chunk integer, lanes integer, lane integer)
RETURNS TABLE (bet_id text, user_id text, selection jsonb, single_amount text, amount text, odds text, terms jsonb)
LANGUAGE sql STABLE SET enable_bitmapscan = off SET enable_sort = off AS $$
  SELECT o.bet_id, o.user_id, o.selection, o.single_amount::text, o.amount::text, o.odds, o.terms
  FROM racing_orders o
  WHERE o.round_id = round AND o.bet_id > after AND o.status = 2 AND NOT o.settle_by_queue
    AND (lanes = 1 OR (hashtext(o.user_id) & 2147483647) % lanes = lane)
  ORDER BY o.bet_id LIMIT chunk
$$;
