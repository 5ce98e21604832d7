-- The mobile-money sandboxes' own state (issue 15 item 10; docs/mobile-money-sandboxes.md "State across
-- restarts"): what a real provider keeps on its side, so that a payment in flight at a crash of our
-- server is answered by enquiry after the restart, as a real network would answer it.
-- Times are epoch milliseconds of the sandbox clock; amounts whole TZS.
CREATE TABLE sandbox_transactions (
  network text NOT NULL,
  reference text NOT NULL,
  direction text NOT NULL,
  provider_ref text NOT NULL,
  msisdn text NOT NULL,
  amount bigint NOT NULL,
  status text NOT NULL,
  failure text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  extra jsonb NOT NULL,
  -- The scenario the customer plays (null until the prompt starts) and whether callbacks follow.
  scenario jsonb,
  with_callback boolean NOT NULL DEFAULT false,
  PRIMARY KEY (network, reference)
);

-- Payout float per network (TZS); absent = the default float.
CREATE TABLE sandbox_floats (
  network text PRIMARY KEY,
  amount bigint NOT NULL
);
