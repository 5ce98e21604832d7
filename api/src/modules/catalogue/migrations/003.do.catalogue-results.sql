-- Results and match statistics (issue 16 items 1, 2; spec §3 "Match statistics"; docs/catalogue.md
-- "Results and statistics").

-- Per side counts as { shots, shotsOnTarget, corners, yellowCards, redCards: { home, away } }, each
-- absent when the source has none (statistics.ts MatchStatistics). Imported totals on ended matches;
-- the demo feed writes what its clock has reached.
ALTER TABLE matches ADD COLUMN statistics jsonb;
-- Goals in time order as [{ side: 'home' | 'away', minute: '23' | '45+1' }] when the source gives minutes
-- (the demo feed's replays); null when unknown (football-data files have no minutes).
ALTER TABLE matches ADD COLUMN goals jsonb;

-- The results view lists ended matches by kick-off day.
CREATE INDEX matches_ended_start ON matches (start_time) WHERE visible AND status = 3;
