-- Other phones a player may deposit from, each verified by an SMS code sent to it first (issue 15 item 6;
-- docs/payments.md "Paying from another phone"): a deposit pushes a USSD prompt to the phone, so only a
-- phone whose owner typed our code may be prompted. The player's own number was verified at registration.
CREATE TABLE player_payment_phones (
  user_id text NOT NULL,
  phone text NOT NULL,
  verified_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, phone)
);
