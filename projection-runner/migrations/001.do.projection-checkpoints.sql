-- One row per projection (architecture.md §3 "Projections"): its position in the global log, as the
-- event store's opaque LogPosition (SQL stores: "<tx_id>:<global_position>"; KurrentDB: "<commit>:<prepare>").
-- A runner holds a projection by locking its row FOR UPDATE SKIP LOCKED for one batch.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  position text,
  events_applied bigint NOT NULL DEFAULT 0,
  rebuilt_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
