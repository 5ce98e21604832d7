-- Back office (issue 8): random betting setups, export jobs and their files.

-- Spec §3 "Random betting setup": order count, min and max bet amount, start time range in days,
-- live-only, include string bets, minimum odds threshold (0 = any), note.
CREATE TABLE random_bet_setups (
  id bigserial PRIMARY KEY,
  order_count integer NOT NULL CHECK (order_count BETWEEN 1 AND 1000),
  min_bet_amount bigint NOT NULL CHECK (min_bet_amount > 0),
  max_bet_amount bigint NOT NULL CHECK (max_bet_amount >= min_bet_amount),
  start_range_days integer NOT NULL CHECK (start_range_days BETWEEN 0 AND 30),
  live_only boolean NOT NULL DEFAULT false,
  include_string_bets boolean NOT NULL DEFAULT false,
  min_odds numeric(10, 2) NOT NULL DEFAULT 0 CHECK (min_odds >= 0),
  note text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Spec §3 "Export record": status (§4: 1 processing, 2 done, 3 failed), type, error message, applicant,
-- export time, complete time, download link. The CSV is kept in the database in chunks, so any API
-- instance can serve the download.
CREATE TABLE export_jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  filter jsonb NOT NULL DEFAULT '{}',
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  rows_written integer NOT NULL DEFAULT 0,
  error_message text,
  applicant text NOT NULL,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  byte_size bigint,
  claimed_at timestamptz                 -- the worker running it refreshes this; a stale claim is taken over
);
CREATE INDEX export_jobs_created ON export_jobs (created_at DESC, id DESC);
CREATE INDEX export_jobs_pending ON export_jobs (id) WHERE status = 1;

CREATE TABLE export_chunks (
  export_id bigint NOT NULL REFERENCES export_jobs (id) ON DELETE CASCADE,
  chunk_no integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (export_id, chunk_no)
);
