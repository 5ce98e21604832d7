-- The walk's read shared by its lanes (decision 0206; docs/racing.md "Settlement in chunks"): one read of
-- a round's orders still pending and not left to the queue, after `after` in bet-id order, at most
-- `chunk`, every lane's orders together, each row with its lane (`lane` of `lanes`, players dealt by
-- hashtext(user_id) exactly as racing_settle_walk deals them). The lanes of one drain take their rows
-- from it, so the index range (round_id, bet_id) is walked once per round instead of once per lane
-- (racing_settle_walk filtered the other lanes' rows after reading them: 2 × 50,000 rows for 50,000
-- orders). racing_settle_walk stays for a lane that resumes on its own (a cursor the shared read did not
-- start from). Planned as racing_settle_walk (bitmap scans and sorts off, migration 005).
CREATE FUNCTION racing_settle_walk_lanes(round text, after text, chunk integer, lanes integer)
RETURNS TABLE (bet_id text, user_id text, selection jsonb, single_amount text, amount text, odds text,
               terms jsonb, lane integer)
LANGUAGE sql STABLE SET enable_bitmapscan = off SET enable_sort = off AS $$
  SELECT o.bet_id, o.user_id, o.selection, o.single_amount::text, o.amount::text, o.odds, o.terms,
         (hashtext(o.user_id) & 2147483647) % lanes
  FROM racing_orders o
  WHERE o.round_id = round AND o.bet_id > after AND o.status = 2 AND NOT o.settle_by_queue
  ORDER BY o.bet_id LIMIT chunk
$$;
