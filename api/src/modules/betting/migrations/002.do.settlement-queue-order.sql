-- The settlement worker takes the oldest queued work first (ORDER BY queued_at, bet_id LIMIT n):
-- without this index every batch sorted the whole queue, so one match with 100,000 bets slowed
-- quadratically (bench:feed).
CREATE INDEX settlement_queue_order ON settlement_queue (queued_at, bet_id);
