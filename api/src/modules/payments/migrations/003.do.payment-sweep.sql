-- The sweep for half-done payments (issue 15, decision 0088): how far it has read the event log for
-- payments recorded without their `payments` row (one row, id 1).
CREATE TABLE payment_sweep (
  id smallint PRIMARY KEY,
  log_position text
);
