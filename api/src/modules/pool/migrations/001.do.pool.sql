-- Pool games (issue 18; docs/pool-games.md): the jackpot (string_ball) and Lucky Six (guess score).
-- pool_types is configuration (spec §3 "Jackpot bet type", §7 guessing_bet_type/*), edited by staff.
-- pool_issues / pool_tickets are the read model of the `jackpot-`/`luckysix-` and `poolticket-`
-- streams (projection `pool_read_model`); the rest belongs to the settlement process manager
-- (projection `pool_triggers`, worker on api/src/process-manager.ts).

CREATE TABLE pool_types (
  id int PRIMARY KEY,                          -- spec guessing_bet_type id (1 = the jackpot)
  game text NOT NULL CHECK (game IN ('jackpot', 'luckysix')),
  label text NOT NULL,
  parent_id int,                               -- spec "parent" (decision 0015)
  settlement text NOT NULL DEFAULT 'automatic',
  incentives text NOT NULL DEFAULT '',
  terms jsonb NOT NULL,                        -- domain PoolTerms (every §3 field)
  next_sequence int NOT NULL DEFAULT 1,        -- the next issue's sequence (identifier = prefix + 4 digits)
  removed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Which issue's carry-over went into which later issue (written by createIssue before the issue is created).
CREATE TABLE pool_carry (
  from_issue_id text PRIMARY KEY,
  into_issue_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0)
);

CREATE TABLE pool_issues (
  issue_id text PRIMARY KEY,
  game text NOT NULL,
  identifier text NOT NULL,
  prefix text NOT NULL,
  status text NOT NULL,                        -- created, open, closed, settled, cancelled
  closes_at timestamptz NOT NULL,
  matches jsonb NOT NULL,                      -- PoolMatch[] in kick-off order
  terms jsonb NOT NULL,
  carried_over bigint NOT NULL,
  tickets int NOT NULL DEFAULT 0,
  lines int NOT NULL DEFAULT 0,
  stakes bigint NOT NULL DEFAULT 0,
  results jsonb NOT NULL DEFAULT '{}',         -- matchId → PoolMatchResult
  settlement_no int NOT NULL DEFAULT 0,
  settlement jsonb,                            -- PoolSettlement
  cancel_reason text,
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX pool_issues_game ON pool_issues (game, status, created_at DESC);

CREATE TABLE pool_tickets (
  ticket_id text PRIMARY KEY,
  issue_id text NOT NULL,
  game text NOT NULL,
  user_id text NOT NULL,
  request_id text NOT NULL,
  pay_type smallint NOT NULL,
  picks jsonb NOT NULL,
  doubles int NOT NULL,
  lines int NOT NULL,
  bet_amount bigint NOT NULL,
  stake bigint NOT NULL,
  tax_rate numeric(5, 2) NOT NULL,
  status text NOT NULL,                        -- open, settled, refunded
  settlement_no int NOT NULL DEFAULT 0,
  counts jsonb,                                -- LineHitCounts of the settlement
  prize jsonb,                                 -- TicketPrize
  credited boolean NOT NULL DEFAULT false,
  refund bigint,
  bought_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX pool_tickets_user ON pool_tickets (user_id, bought_at DESC);
CREATE INDEX pool_tickets_issue ON pool_tickets (issue_id);

-- Process manager: matches of each issue, latest fixture facts, tickets of each issue, and the work queue.
CREATE TABLE pool_match_issues (
  match_id text NOT NULL,
  issue_id text NOT NULL,
  PRIMARY KEY (match_id, issue_id)
);
CREATE TABLE pool_facts (
  match_id text PRIMARY KEY,
  revision int NOT NULL,
  facts jsonb NOT NULL
);
CREATE TABLE pool_ticket_issues (
  ticket_id text PRIMARY KEY,
  issue_id text NOT NULL,
  user_id text NOT NULL
);
CREATE INDEX pool_ticket_issues_issue ON pool_ticket_issues (issue_id);

-- kind: 'result' (ref issue, arg matchId:revision), 'settle' (ref ticket, arg settlement no), 'refund' (ref ticket).
CREATE TABLE pool_work (
  item text PRIMARY KEY,
  kind text NOT NULL,
  ref text NOT NULL,
  arg text NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  lease_id uuid
);
CREATE INDEX pool_work_order ON pool_work (queued_at, item);
