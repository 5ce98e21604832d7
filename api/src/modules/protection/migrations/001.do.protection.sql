-- Player protections read models (issue 23; decision 0020, 0048), projected from protection-<userId>.
-- Rebuildable from the events at any time. The refused attempts are the wallet module's
-- protection_refusals (written by the money path).

-- The protections of each player as the last event left them (read against a clock by the API).
CREATE TABLE player_protections (
  user_id text PRIMARY KEY,
  state jsonb NOT NULL,                       -- ProtectionState of @bashiri/domain
  cooling_off_until timestamptz,              -- end of the latest cool-off (may be over)
  excluded_from timestamptz,                  -- start of the self-exclusion, null when none
  excluded_until timestamptz,                 -- end of its period; null with excluded_from = permanent
  reopens_at timestamptz,                     -- when a requested re-opening takes effect
  version integer NOT NULL,                   -- stream position of the last event applied
  updated_at timestamptz NOT NULL
);
CREATE INDEX player_protections_cooling ON player_protections (cooling_off_until);
CREATE INDEX player_protections_excluded ON player_protections (excluded_from);

-- Every change with its time and actor: the player's protection history (back office, CSV).
CREATE TABLE protection_history (
  user_id text NOT NULL,
  position integer NOT NULL,                  -- stream position
  type text NOT NULL,                         -- event type
  data jsonb NOT NULL,
  actor text NOT NULL,                        -- player:<id> | staff:<id> | system:<id>
  at timestamptz NOT NULL,
  PRIMARY KEY (user_id, position)
);
