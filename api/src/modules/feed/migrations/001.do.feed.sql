-- The demo feed's own state (docs/demo-feed.md): what each replayed match is made of, so a restarted
-- feed continues from the database (issue 4 item 4). Catalogue rows it writes carry source keys 'demo:…'.

CREATE TABLE feed_matches (
  match_id bigint PRIMARY KEY REFERENCES matches (id),
  source_key text NOT NULL,                -- the replayed fixture, e.g. 'fd:E0:2024-25:Arsenal:Everton', 'gen:17'
  home_rate double precision NOT NULL,     -- expected full-time goals (pricing model)
  away_rate double precision NOT NULL,
  timeline jsonb NOT NULL,                 -- { goals: [{ side, half, minute, stoppage }], firstStoppage, secondStoppage }
  done boolean NOT NULL DEFAULT false      -- result recorded (fixture-<matchId> ResultRecorded) or given up
);
CREATE INDEX feed_matches_open ON feed_matches (match_id) WHERE NOT done;

-- One row: how far through the pool of source fixtures the feed has got.
CREATE TABLE feed_state (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  cursor bigint NOT NULL DEFAULT 0
);
INSERT INTO feed_state (id, cursor) VALUES (1, 0);
