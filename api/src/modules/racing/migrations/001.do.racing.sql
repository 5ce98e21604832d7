-- Virtual racing (issue 19; spec §3 "Racing order", "Racing period", "Racing config"; docs/racing.md).

-- The racing configuration in force (one row): the spec's fields (domain RacingConfig, camelCase JSON),
-- the schedule (a round every period_seconds, betting closing close_before_draw_seconds before the
-- draw), the device-clock skew of §5, and the RTP warning band of the configuration screen.
CREATE TABLE racing_config (
  id smallint PRIMARY KEY CHECK (id = 1),
  config jsonb NOT NULL,
  period_seconds integer NOT NULL DEFAULT 180,
  close_before_draw_seconds integer NOT NULL DEFAULT 20,
  max_clock_skew_seconds integer NOT NULL DEFAULT 60,
  rtp_band_min numeric NOT NULL DEFAULT 85,
  rtp_band_max numeric NOT NULL DEFAULT 99,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'system:seed'
);

-- The scheduler's plan: every slot it has planned, once (round ids are a function of time). Never
-- deleted: the latest row is where a restarted scheduler continues, so no round is skipped or planned
-- twice. `outcome` records a slot refused while racing was paused (no_bet = 1).
CREATE TABLE racing_slots (
  round_id text PRIMARY KEY,
  starting_bet_time timestamptz NOT NULL,
  end_bet_time timestamptz NOT NULL,
  draw_time timestamptz NOT NULL,
  queued_steps smallint NOT NULL DEFAULT 0,
  outcome text
);
CREATE INDEX racing_slots_draw ON racing_slots (draw_time);

-- The server seeds, secret until the round's RoundDrawn event reveals them (only the scheduler reads
-- this table; the read models get the seed from the event).
CREATE TABLE racing_seeds (
  round_id text PRIMARY KEY,
  seed text NOT NULL
);

-- The round steps that are due (open, close, draw, settle), a process-manager queue
-- (api/src/process-manager.ts, decision 0009).
CREATE TABLE racing_round_jobs (
  job_id text PRIMARY KEY,
  round_id text NOT NULL,
  step smallint NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  lease_id uuid
);
CREATE INDEX racing_round_jobs_order ON racing_round_jobs (queued_at, job_id);

-- Racing orders of drawn rounds waiting for settlement, a process-manager queue filled by the projection.
CREATE TABLE racing_settle_queue (
  bet_id text PRIMARY KEY,
  round_id text NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  lease_id uuid
);
CREATE INDEX racing_settle_queue_order ON racing_settle_queue (queued_at, bet_id);

-- Read model of rounds (spec §3 "Racing period") from racing-<roundId> streams, with the totals of
-- their orders from racingbet-<id> streams.
CREATE TABLE racing_rounds (
  round_id text PRIMARY KEY,
  seed_hash text NOT NULL,
  starting_bet_time timestamptz NOT NULL,
  end_bet_time timestamptz NOT NULL,
  draw_time timestamptz NOT NULL,
  phase text NOT NULL,
  seed text,
  lottery_combination text,
  drawn_at timestamptz,
  settled_at timestamptz,
  orders integer NOT NULL DEFAULT 0,
  staked bigint NOT NULL DEFAULT 0,
  paid bigint NOT NULL DEFAULT 0,
  tax bigint NOT NULL DEFAULT 0
);
CREATE INDEX racing_rounds_draw ON racing_rounds (draw_time DESC);

-- Read model of racing orders (spec §3 "Racing order").
CREATE TABLE racing_orders (
  bet_id text PRIMARY KEY,
  user_id text NOT NULL,
  round_id text NOT NULL,
  bet_type smallint NOT NULL,
  selection jsonb NOT NULL,
  tickets integer NOT NULL,
  single_amount bigint NOT NULL,
  amount bigint NOT NULL,
  odds text,
  tax_rate text NOT NULL,
  gross bigint,
  profit bigint,
  tax bigint,
  payout bigint,
  result smallint NOT NULL DEFAULT 1,
  status smallint NOT NULL DEFAULT 2,
  placed_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX racing_orders_user ON racing_orders (user_id, placed_at DESC);
CREATE INDEX racing_orders_round ON racing_orders (round_id, status);
CREATE INDEX racing_orders_placed ON racing_orders (placed_at DESC);
