-- Attempts refused by a player protection on the money path (issue 23 "every attempt refused by a
-- limit is counted in statistics"; decision 0048). Not events: a refusal moves nothing; counted as it
-- happens.
CREATE TABLE protection_refusals (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  code text NOT NULL,                         -- LIMIT_DEPOSIT_DAY, COOL_OFF, SELF_EXCLUDED, …
  kind text NOT NULL,                         -- deposit | bet | jackpotTicket | racingBet | casinoBet | cashOutRestake
  amount bigint NOT NULL,                     -- TZS asked for
  left_amount bigint,                         -- TZS the limits still allowed
  at timestamptz NOT NULL
);
CREATE INDEX protection_refusals_at ON protection_refusals (at);
CREATE INDEX protection_refusals_user ON protection_refusals (user_id, at);
