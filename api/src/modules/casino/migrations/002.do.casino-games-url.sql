-- Where a provider publishes its game list (issue 22 item 1 "providers' game lists can be imported";
-- docs/casino.md "Importing a provider's game list"): an http(s) URL, or a path on our own server
-- (the sandbox: /casino-sandbox/games). Null: staff give the URL when importing.
ALTER TABLE casino_providers ADD COLUMN games_url text;
