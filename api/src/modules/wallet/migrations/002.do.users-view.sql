-- The "users with balances and flags" read model (issue 5 item 4; spec §3 "User"): one row per player,
-- the account read model (identity's player_accounts) joined with the wallet read model
-- (wallet_balances). A plain view over two projections, so it is exactly as fresh as they are and needs
-- no rebuild of its own. A player without any wallet movement yet shows zero in every pocket.
-- In the wallet module's migrations because the wallet module migrates after identity (modules/index.ts).
CREATE VIEW users AS
SELECT
  pa.user_id,
  pa.phone,
  pa.network,
  pa.invitation_code,
  pa.superior_id,
  pa.disabled,
  pa.no_bet,
  pa.no_withdraw,
  pa.reported,
  pa.return_scale,
  pa.withdrawal_whitelist,
  pa.note,
  pa.default_bet_amount,
  pa.created_at,
  pa.last_login_at,
  pa.last_login_ip,
  COALESCE(w.balance, 0) AS balance,              -- TZS, real money
  COALESCE(w.credit_money, 0) AS credit_money,    -- TZS, free bet / bonus money
  COALESCE(w.racing_coin, 0) AS racing_coin,      -- racing coin (1 coin = 1 TZS)
  COALESCE(w.debt, 0) AS debt,                    -- TZS owed after a settlement reversal
  w.updated_at AS wallet_updated_at,
  (SELECT count(*) FROM player_accounts i WHERE i.superior_id = pa.user_id)::int AS invited_count
FROM player_accounts pa
LEFT JOIN wallet_balances w ON w.user_id = pa.user_id;
