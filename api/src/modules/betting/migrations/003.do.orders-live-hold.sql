-- Seconds a player's live bet was held before it was accepted (spec §9 "rolling-bet delay on mobile
-- and desktop"; BetPlaced.liveDelaySeconds); NULL when it was not held. Orders projected before this
-- column existed take it from their BetPlaced event — when the events are in this database (a database
-- whose events live in another adapter, EVENT_STORE=kurrentdb|memory, has no `es_events` and had no
-- orders before this column: decision 0008).
ALTER TABLE orders ADD COLUMN live_hold_seconds int;
DO $$
BEGIN
  IF to_regclass('es_events') IS NOT NULL THEN
    UPDATE orders o SET live_hold_seconds = (e.data->>'liveDelaySeconds')::int
    FROM es_events e
    WHERE e.stream_name = 'bet-' || o.bet_id AND e.event_type = 'BetPlaced' AND e.data ? 'liveDelaySeconds';
  END IF;
END $$;
