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
  stream_position bigint NOT NULL CHECK (stream_position > 0),
  event_id uuid NOT NULL UNIQUE,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_name, stream_position)
);

CREATE INDEX es_events_log_order ON es_events (tx_id, global_position);

-- Appends p_events (a jsonb array of {id, type, data, metadata}) to p_stream in one round trip.
-- p_expected_kind: 'exact' (p_expected is the version; 0 = must not exist), 'no_stream',
-- 'stream_exists' or 'any'. Returns ok = false with the actual version on a conflict (nothing
-- written), or ok = true with the new version and the last event's (tx_id, global_position).
-- When every event id is already stored in this stream, writes nothing and returns the original
-- result with duplicate = true.
CREATE FUNCTION es_append(p_stream text, p_expected_kind text, p_expected bigint, p_events jsonb)
RETURNS TABLE (ok boolean, duplicate boolean, version bigint, last_tx_id xid8, last_position bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_count int := jsonb_array_length(p_events);
  v_ids uuid[];
  v_stored int;
  v_other int;
  v_version bigint;
BEGIN
  IF v_count = 0 THEN
    RAISE EXCEPTION 'es_append: no events' USING ERRCODE = '22023';
  END IF;
  SELECT array_agg((e->>'id')::uuid) INTO v_ids FROM jsonb_array_elements(p_events) e;

  SELECT count(*) FILTER (WHERE s.stream_name = p_stream), count(*) FILTER (WHERE s.stream_name <> p_stream)
    INTO v_stored, v_other
    FROM es_events s WHERE s.event_id = ANY (v_ids);
  IF v_other > 0 OR (v_stored > 0 AND v_stored < v_count) THEN
    RAISE EXCEPTION 'es_append: some event ids of this append are already stored elsewhere' USING ERRCODE = '23505';
  END IF;
  IF v_stored = v_count THEN
    RETURN QUERY
      SELECT true, true, s.stream_position, s.tx_id, s.global_position
      FROM es_events s WHERE s.event_id = ANY (v_ids)
      ORDER BY s.stream_position DESC LIMIT 1;
    RETURN;
  END IF;

  IF p_expected_kind = 'any' THEN
    INSERT INTO es_streams AS t (stream_name, version) VALUES (p_stream, v_count)
      ON CONFLICT (stream_name) DO UPDATE SET version = t.version + v_count
      RETURNING t.version INTO v_version;
  ELSIF p_expected_kind = 'no_stream' OR (p_expected_kind = 'exact' AND p_expected = 0) THEN
    INSERT INTO es_streams (stream_name, version) VALUES (p_stream, v_count)
      ON CONFLICT (stream_name) DO NOTHING
      RETURNING es_streams.version INTO v_version;
  ELSIF p_expected_kind = 'stream_exists' THEN
    UPDATE es_streams t SET version = t.version + v_count WHERE t.stream_name = p_stream
      RETURNING t.version INTO v_version;
  ELSIF p_expected_kind = 'exact' THEN
    UPDATE es_streams t SET version = t.version + v_count
      WHERE t.stream_name = p_stream AND t.version = p_expected
      RETURNING t.version INTO v_version;
  ELSE
    RAISE EXCEPTION 'es_append: unknown expected-version kind %', p_expected_kind USING ERRCODE = '22023';
  END IF;

  IF v_version IS NULL THEN
    RETURN QUERY SELECT false, false, coalesce((SELECT t.version FROM es_streams t WHERE t.stream_name = p_stream), 0::bigint),
      NULL::xid8, NULL::bigint;
    RETURN;
  END IF;

  RETURN QUERY
    WITH inserted AS (
      INSERT INTO es_events (stream_name, stream_position, event_id, event_type, data, metadata)
      SELECT p_stream, v_version - v_count + e.ord, (e.value->>'id')::uuid, e.value->>'type',
             e.value->'data', e.value->'metadata'
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, ord)
      ORDER BY e.ord
      RETURNING es_events.tx_id, es_events.global_position
    )
    SELECT true, false, v_version, i.tx_id, i.global_position FROM inserted i
    ORDER BY i.global_position DESC LIMIT 1;

  -- Wakes subscribers at commit; identical notifications of one transaction are folded into one.
  PERFORM pg_notify('es_' || current_schema(), '');
END;
$$;
