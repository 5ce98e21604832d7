-- The payments row is written after its payment-<id> events are appended through the event-store port
-- (issue 14 items 1 and 3; decision 0008), no longer in their transaction. `version` is the stream
-- version the row was written from: a write from an older version never overwrites a newer one, and a
-- repeated write of the same version changes nothing, so the row can be written again after a crash.
ALTER TABLE payments ADD COLUMN version integer NOT NULL DEFAULT 0;
