-- Settlement's queue on the process-manager helper (api/src/process-manager.ts, decision 0009): an item
-- is leased in one statement for a while instead of locked by a transaction held over its effects.
ALTER TABLE settlement_queue ADD COLUMN leased_until timestamptz, ADD COLUMN lease_id uuid;
