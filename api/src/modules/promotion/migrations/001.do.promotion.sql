-- Promotions, referrals and bonuses (issue 21; spec §1, §2 /my_referrals /promotion /super /purse, §3 User
-- credit_money, Agent statistics, Banner type 19, §4 bill types 8 10 12 17; docs/promotions.md).
-- Read models of the projection `promotion.triggers`, the reward queue (decision 0009) and the versioned
-- configuration. Amounts are whole TZS.

-- Versioned configuration of the referral programme and credit money (docs/promotions.md "Defaults"):
-- the row with the latest effective_from <= now is in force; rows are never updated.
CREATE TABLE promo_config_versions (
  version serial PRIMARY KEY,
  effective_from timestamptz NOT NULL,
  config jsonb NOT NULL,            -- { referral: ReferralConfig, creditExpiryDays, purseTarget, purseBonus }
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Promotions (promotion-<id> streams): schedule, pause, budget, and what was spent (RewardGranted of the
-- promotion-reward-<movementId> streams). Parameters, texts and banner are configuration: a new version
-- is a new row of promo_definitions.
CREATE TABLE promotions (
  promotion_id text PRIMARY KEY,
  kind text NOT NULL,               -- welcome | referral | order | activity
  name text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  budget bigint,                    -- NULL: no cap
  spent bigint NOT NULL DEFAULT 0,
  granted_count integer NOT NULL DEFAULT 0,
  paused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);

CREATE TABLE promo_definitions (
  promotion_id text NOT NULL,
  version integer NOT NULL,
  params jsonb NOT NULL,            -- welcome {amount}; order {minStake, minOdds, freeBet}; activity {amount}
  texts jsonb NOT NULL,             -- { sw: {title, body}, en: {...}, zh: {...} }
  banner text NOT NULL DEFAULT '',  -- image address of the Banner type 19 entry
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (promotion_id, version)
);

-- Every reward granted (one row per wallet movement id).
CREATE TABLE promo_rewards (
  movement_id text PRIMARY KEY,
  promotion_id text NOT NULL,
  user_id text NOT NULL,
  trigger text NOT NULL,
  amount bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX promo_rewards_user ON promo_rewards (user_id, at DESC);
CREATE INDEX promo_rewards_promotion ON promo_rewards (promotion_id, at DESC);

-- The projection's copy of what it needs of account-<userId>.
CREATE TABLE promo_accounts (
  user_id text PRIMARY KEY,
  phone text NOT NULL,
  superior_id text,
  registered_at timestamptz NOT NULL
);
CREATE INDEX promo_accounts_superior ON promo_accounts (superior_id);

-- Referral relations: the friend (invited player), the inviter, the friend's counted settled stakes.
-- status: pending | rewarded | refused (self-referral, shown to staff with refusal_reason).
CREATE TABLE promo_referrals (
  friend_id text PRIMARY KEY,
  inviter_id text NOT NULL,
  registered_at timestamptz NOT NULL,
  settled_stakes bigint NOT NULL DEFAULT 0,
  first_deposit bigint,
  invitation_bonus bigint NOT NULL DEFAULT 0,
  reward bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'pending',
  refusal_reason text,
  refusal_details jsonb
);
CREATE INDEX promo_referrals_inviter ON promo_referrals (inviter_id, registered_at DESC);
CREATE INDEX promo_referrals_status ON promo_referrals (status);

-- Bets of referred friends, and the settled ones counted once per bet id (voided bets excluded).
CREATE TABLE promo_friend_bets (
  bet_id text PRIMARY KEY,
  user_id text NOT NULL
);
CREATE TABLE promo_counted_bets (
  bet_id text PRIMARY KEY,
  user_id text NOT NULL,
  stake bigint NOT NULL
);

-- Where players were seen (self-referral check): device fingerprints reported by the player site, and
-- the IP addresses of those reports.
CREATE TABLE promo_footprints (
  user_id text NOT NULL,
  kind text NOT NULL,               -- device | ip
  value text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, value)
);
CREATE INDEX promo_footprints_value ON promo_footprints (kind, value);

-- Credit-money grants (BonusCredited to credit money), for expiry.
CREATE TABLE promo_grants (
  movement_id text PRIMARY KEY,
  user_id text NOT NULL,
  amount bigint NOT NULL,
  at timestamptz NOT NULL,
  expired boolean NOT NULL DEFAULT false
);
CREATE INDEX promo_grants_user ON promo_grants (user_id, at);
CREATE INDEX promo_grants_open ON promo_grants (at) WHERE NOT expired;

-- Large settled wins of the week for /super (names masked when shown).
CREATE TABLE promo_big_wins (
  movement_id text PRIMARY KEY,
  user_id text NOT NULL,
  amount bigint NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX promo_big_wins_at ON promo_big_wins (at DESC);

-- The reward queue (decision 0009): one item per trigger; the key absorbs duplicates.
-- kind: welcome | referral | invitation | order | expiry
CREATE TABLE promo_queue (
  key text PRIMARY KEY,
  kind text NOT NULL,
  user_id text NOT NULL,
  ref text,
  amount bigint NOT NULL DEFAULT 0,
  odds text,
  at timestamptz NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz,
  lease_id uuid
);
CREATE INDEX promo_queue_order ON promo_queue (queued_at, key);
