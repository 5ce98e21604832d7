-- The player of each queued bet (decision 0168): the settlement worker drains the queue in lanes dealt
-- by a hash of the player, so two batches in flight at once never touch the same wallet. Rows queued
-- before this migration have no player (NULL): they all go to one lane, which is still correct.
ALTER TABLE settlement_legs ADD COLUMN user_id text;
ALTER TABLE settlement_queue ADD COLUMN user_id text;
