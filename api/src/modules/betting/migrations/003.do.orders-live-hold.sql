-- Seconds a player's live bet was held before it was accepted (spec §9 "rolling-bet delay on mobile
-- and desktop"; BetPlaced.liveDelaySeconds); NULL when it was not held. Orders projected before this
-- column existed take it from their BetPlaced event.
ALTER TABLE orders ADD COLUMN live_hold_seconds int;
UPDATE orders o SET live_hold_seconds = (e.data->>'liveDelaySeconds')::int
FROM es_events e
WHERE e.stream_name = 'bet-' || o.bet_id AND e.event_type = 'BetPlaced' AND e.data ? 'liveDelaySeconds';
