-- The purse step sums a player's counted stakes (projection-runs.ts, `purse`) for each player of a run:
-- by this index, not by reading every counted bet (issue 21 "Speed": its cost grew with the table).
CREATE INDEX promo_counted_bets_user ON promo_counted_bets (user_id);
