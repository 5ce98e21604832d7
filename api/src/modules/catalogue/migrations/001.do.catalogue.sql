-- The football catalogue (spec §3 Match, Competition, Country, Market, Outcome, Odds view, Betting type;
-- issue 4 item 1). Ordinary PostgreSQL tables, not event-sourced (architecture.md §3): every staff
-- change is written to staff_audit_log. Match results that settlement rests on are ALSO recorded as
-- events in fixture-<matchId> streams; the columns here are the display copy.

CREATE TABLE countries (
  id serial PRIMARY KEY,
  code char(2) NOT NULL UNIQUE,            -- ISO 3166-1 alpha-2; 'XW' world, 'XE' Europe, 'XS' Scotland, 'XN' England
  name text NOT NULL,
  name_zh text,
  flag text,                               -- emoji flag or image address
  dialling_code text,                      -- e.g. '+255'
  region text,
  sequence smallint NOT NULL DEFAULT 0 CHECK (sequence BETWEEN 0 AND 100)
);

CREATE TABLE competitions (
  id serial PRIMARY KEY,
  source_key text UNIQUE,                  -- e.g. 'football-data:E0'
  name text NOT NULL,
  name_zh text,
  country_id int REFERENCES countries (id),
  logo text,
  sequence smallint NOT NULL DEFAULT 0 CHECK (sequence BETWEEN 0 AND 100),
  popular boolean NOT NULL DEFAULT false,
  today_popular boolean NOT NULL DEFAULT false,
  roll_bet smallint NOT NULL DEFAULT 1 CHECK (roll_bet IN (1, 2)),   -- 1 live betting allowed, 2 not
  start_date date,
  end_date date
);

CREATE TABLE teams (
  id serial PRIMARY KEY,
  source_key text UNIQUE,
  name text NOT NULL,
  name_zh text,
  country_id int REFERENCES countries (id)
);

CREATE TABLE bookmakers (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sequence smallint NOT NULL DEFAULT 0 CHECK (sequence BETWEEN 0 AND 100)
);

-- The betting-type catalogue (spec §3): id, name, description; plus our per-type settings.
CREATE TABLE betting_types (
  id int PRIMARY KEY,                      -- spec ids: 69 1X2, 9 double chance, 76 BTTS, 47 over/under, 48 Asian handicap, 45 correct score, …
  name text NOT NULL,
  description text,
  sport text NOT NULL DEFAULT 'football',
  priced boolean NOT NULL DEFAULT false,   -- true for the types we price and settle
  bet_status smallint NOT NULL DEFAULT 1,  -- 1 open, 2 closed
  handicap boolean NOT NULL DEFAULT false,
  over_under boolean NOT NULL DEFAULT false,
  live_delay_seconds int NOT NULL DEFAULT 8,
  margin_percent numeric(5, 2) NOT NULL DEFAULT 6.00
);

CREATE TABLE matches (
  id bigserial PRIMARY KEY,
  source_key text UNIQUE,                  -- e.g. 'football-data:E0:2023-24:Arsenal:Everton'
  short_id text UNIQUE,
  competition_id int NOT NULL REFERENCES competitions (id),
  home_team_id int NOT NULL REFERENCES teams (id),
  away_team_id int NOT NULL REFERENCES teams (id),
  start_time timestamptz NOT NULL,         -- kick-off; shown in East Africa Time
  status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 8),  -- spec §4 match status
  match_minute text,                       -- '23', '45+2', 'HT', '-' (spec §4 filtering)
  home_score smallint,
  away_score smallint,
  ht_home_score smallint,
  ht_away_score smallint,
  visible boolean NOT NULL DEFAULT true,
  suspended boolean NOT NULL DEFAULT false,
  popular boolean NOT NULL DEFAULT false,
  today_popular boolean NOT NULL DEFAULT false,
  odds_boost boolean NOT NULL DEFAULT false,
  maintenance boolean NOT NULL DEFAULT false,
  neutral boolean NOT NULL DEFAULT false,
  rolling_ball_only boolean NOT NULL DEFAULT false,
  sequence smallint NOT NULL DEFAULT 0 CHECK (sequence BETWEEN 0 AND 100),
  cancel_reason text,
  info text,
  object_version int NOT NULL DEFAULT 0,   -- bumped on every change (clients drop stale updates)
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX matches_start ON matches (start_time);
CREATE INDEX matches_status_start ON matches (status, start_time);
CREATE INDEX matches_competition ON matches (competition_id, start_time);

-- Markets in the odds-feed model of spec §3: one per (match, betting type, event part, line).
CREATE TABLE markets (
  id bigserial PRIMARY KEY,
  match_id bigint NOT NULL REFERENCES matches (id),
  betting_type_id int NOT NULL REFERENCES betting_types (id),
  event_part_id smallint NOT NULL DEFAULT 3,   -- 3 ordinary time; 1 first half (our code for half-time markets)
  line numeric(6, 2),                          -- goal line or home handicap; null when the type has none
  status_id smallint NOT NULL DEFAULT 1,       -- 1 open, 2 suspended, 3 closed, 4 removed
  is_live boolean NOT NULL DEFAULT false,      -- currently offered in play
  UNIQUE NULLS NOT DISTINCT (match_id, betting_type_id, event_part_id, line)
);
CREATE INDEX markets_match ON markets (match_id);

-- Outcomes (selections): the id is the selection id (`id_card`) players bet on.
CREATE TABLE outcomes (
  id bigserial PRIMARY KEY,
  market_id bigint NOT NULL REFERENCES markets (id),
  type_id smallint NOT NULL,               -- spec typeId: 10 a participant (home/away by participant id), 11 draw, 12 over, 13 under, 14 yes, 15 no, 16 double chance, 17 score
  participant_id int,                      -- team id for typeId 10 (and double chance: spec §5)
  name text NOT NULL,                      -- e.g. 'Arsenal', 'Draw', 'Over 2.5', '1 / X', 'Yes', '2-1'
  pick text NOT NULL,                      -- the settlement pick of domain Leg: home|draw|away|1X|X2|12|yes|no|over|under|'2-1'
  line numeric(6, 2),                      -- the picked side's line (Asian handicap: the side's own handicap)
  status_id smallint NOT NULL DEFAULT 1,   -- 1 open, 2 suspended, 3 settled/closed, 4 removed (spec: a delete marks status 4)
  odds_original numeric(9, 3),             -- the model's fair price (or the imported bookmaker price)
  odds numeric(9, 2),                      -- the price offered, with our margin; null when not offered
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (market_id, pick, line)
);
CREATE INDEX outcomes_market ON outcomes (market_id);
