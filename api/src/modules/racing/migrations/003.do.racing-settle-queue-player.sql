-- The player of each queued order (decision 0164; docs/racing.md "Settlement in chunks"): the settlement
-- worker hands a chunk to the money path without reading the order streams first, and its workers
-- split the queue by player so that two chunks never hold the same wallet. NULL in rows queued before
-- this column: the worker reads such an order's stream to find its player.
ALTER TABLE racing_settle_queue ADD COLUMN user_id text;
