-- Settling a round updates every order's row once and leases every queue row once (decision 0165):
-- room left on each page (fillfactor) and no index on a column those updates change let PostgreSQL
-- update the rows in place (HOT: no new index entries). `racing_orders_round` loses `status` (its
-- readers filter the round's rows on the heap).
ALTER TABLE racing_orders SET (fillfactor = 50);
ALTER TABLE racing_settle_queue SET (fillfactor = 50);
DROP INDEX racing_orders_round;
CREATE INDEX racing_orders_round ON racing_orders (round_id);
