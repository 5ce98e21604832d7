-- Catalogue additions for seeding, the football-data importer, the player lists and staff edits
-- (issue 4 items 1, 2, 6, 7; docs/catalogue.md). 001 stays as it was.

-- Football pseudo-countries (England, Scotland, Wales, World, Europe) use ISO user-assigned codes X*.
ALTER TABLE countries ADD COLUMN pseudo boolean NOT NULL DEFAULT false;

-- Hot leagues (spec §3 "Hot league / popular competition"): `popular` plus this sort key, higher first.
ALTER TABLE competitions ADD COLUMN popular_sorting smallint NOT NULL DEFAULT 0
  CHECK (popular_sorting BETWEEN 0 AND 100);

-- The column prefix a bookmaker has in football-data.co.uk files ('B365', 'PS', 'Avg', 'Max', …).
ALTER TABLE bookmakers ADD COLUMN code text UNIQUE;

-- Spec §4 "Type flag": 1 pre-match and live, 2 pre-match only, 3 live only, 0 undefined.
ALTER TABLE betting_types ADD COLUMN type_flag smallint NOT NULL DEFAULT 1 CHECK (type_flag BETWEEN 0 AND 3);

-- An official result that differs from the pitch (football-data: full time present, half time empty).
ALTER TABLE matches ADD COLUMN awarded boolean NOT NULL DEFAULT false;
-- Season label of imported fixtures, e.g. '2024-25'.
ALTER TABLE matches ADD COLUMN season text;

-- Where a market's prices came from: an imported bookmaker's opening or closing prices, or our model.
ALTER TABLE markets ADD COLUMN bookmaker_id int REFERENCES bookmakers (id);
ALTER TABLE markets ADD COLUMN price_kind text CHECK (price_kind IN ('opening', 'closing', 'model', 'live'));

-- Player lists filter on visibility, status and kick-off; keyword search scans team names.
CREATE INDEX matches_visible_status_start ON matches (status, start_time) WHERE visible;
CREATE INDEX teams_name_lower ON teams (lower(name));
CREATE INDEX competitions_country ON competitions (country_id);
