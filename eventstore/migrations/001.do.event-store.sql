-- The event store (architecture.md §3, event-store.md). The same SQL runs on PostgreSQL and PGlite.

CREATE TABLE es_streams (
  stream_name text PRIMARY KEY,
  version bigint NOT NULL CHECK (version > 0)
);

CREATE SEQUENCE es_global_position_seq AS bigint;

CREATE TABLE es_events (
  global_position bigint NOT NULL DEFAULT nextval('es_global_position_seq'),
  -- The writing transaction's id: readers of the global log order and checkpoint by
  -- (tx_id, global_position) and only see rows older than every running transaction.
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  -- The stream's category, its name up to the first '-' (wallet-42 -> wallet): projections read
  -- one category at a time in log order through es_events_category_order.
  category text NOT NULL GENERATED ALWAYS AS (split_part(stream_name, '-', 1)) STORED,
  stream_position bigint NOT NULL CHECK (stream_position > 0),
  event_id uuid NOT NULL UNIQUE,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_name, stream_position)
);

CREATE INDEX es_events_log_order ON es_events (tx_id, global_position);
CREATE INDEX es_events_category_order ON es_events (category, tx_id, global_position);
