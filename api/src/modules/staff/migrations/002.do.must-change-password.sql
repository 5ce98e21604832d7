-- A password someone else chose (the generated first administrator's, a manager's reset) is temporary:
-- the account must set its own at its next login before anything else (issue 15 item 5; docs/auth.md
-- "First login").
ALTER TABLE staff_accounts ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
