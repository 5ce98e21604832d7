-- Tax and gross of winnings on their bills (spec §3 "Bill entry"), copied from WinningsCredited by the
-- wallet projection, so the bills query reads no event table (issue 14). Bills projected before this
-- column existed get theirs by rebuilding the projection: its read models are emptied and its
-- checkpoint set back to the start of the log, and the runner replays the wallet events on start.
ALTER TABLE bills ADD COLUMN tax bigint, ADD COLUMN gross bigint;
DELETE FROM bills;
DELETE FROM wallet_balances;
UPDATE projection_checkpoints SET position = NULL, events_applied = 0 WHERE name = 'wallet_read_models';
