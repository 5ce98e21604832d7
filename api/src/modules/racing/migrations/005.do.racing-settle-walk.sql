-- A drawn round's orders are settled by walking them in bet-id order (decision 0184; docs/racing.md
-- "Settlement in chunks"), no longer through one settle-queue row each. `settle_by_queue` marks the
-- orders that still go through `racing_settle_queue`: those whose RacingBetPlaced reached the read model
-- after their round was drawn or voided (the walk's set is fixed at the draw), and every order of a
-- round drawn or voided before this migration (the old projection queued them all at the draw).
ALTER TABLE racing_orders ADD COLUMN settle_by_queue boolean NOT NULL DEFAULT false;
UPDATE racing_orders o SET settle_by_queue = true
  FROM racing_rounds r WHERE r.round_id = o.round_id AND (r.seed IS NOT NULL OR r.phase = 'voided');
-- The walk's order: a round's orders by bet id (also every reader of a round's orders by round_id).
DROP INDEX racing_orders_round;
CREATE INDEX racing_orders_round ON racing_orders (round_id, bet_id);
-- The walk's read of one chunk: lane `lane` of `lanes` (players dealt by hashtext(user_id), as drainQueue
-- deals queue lanes, decision 0168) of a round's orders still pending and not left to the queue, after
-- the cursor `after` in bet-id order. Planned with bitmap scans and sorts off: racing_orders has no
-- statistics the planner trusts for one round (it expects a handful of rows), and it then read the
-- whole round through a bitmap and sorted it for every chunk (50 ms at 50,000 orders, 57 chunks) where
-- the index (round_id, bet_id) hands the chunk over in order (5 ms).
CREATE FUNCTION racing_settle_walk(round text, after text, chunk integer, lanes integer, lane integer)
RETURNS TABLE (bet_id text, user_id text, selection jsonb, single_amount text, odds text)
LANGUAGE sql STABLE SET enable_bitmapscan = off SET enable_sort = off AS $$
  SELECT o.bet_id, o.user_id, o.selection, o.single_amount::text, o.odds FROM racing_orders o
  WHERE o.round_id = round AND o.bet_id > after AND o.status = 2 AND NOT o.settle_by_queue
    AND (lanes = 1 OR (hashtext(o.user_id) & 2147483647) % lanes = lane)
  ORDER BY o.bet_id LIMIT chunk
$$;
