-- Back-office staff (issue 5 item 3; spec §3 Role, Permission node, IP blacklist; §6; docs/auth.md).

-- Permission tree (spec §3 "Permission node"): route nodes (one per area) and button nodes (one per
-- permission code of guard.ts PERMISSIONS). `code` is what requireStaff checks.
CREATE TABLE staff_permission_nodes (
  id bigserial PRIMARY KEY,
  code text UNIQUE,
  name text NOT NULL,
  path text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('route', 'button')),
  platform text NOT NULL DEFAULT 'pc',
  icon text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  show_at_top boolean NOT NULL DEFAULT false,
  language_variable text NOT NULL DEFAULT '',
  parent_id bigint REFERENCES staff_permission_nodes (id) ON DELETE CASCADE
);

-- Roles (spec §3 "Role"): `is_super` holds every node, present and future.
CREATE TABLE staff_roles (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  remarks text NOT NULL DEFAULT '',
  is_super boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_role_nodes (
  role_id bigint NOT NULL REFERENCES staff_roles (id) ON DELETE CASCADE,
  node_id bigint NOT NULL REFERENCES staff_permission_nodes (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, node_id)
);

-- Managers. `totp_secret` is set once bound; `totp_pending_secret` while binding is being confirmed.
CREATE TABLE staff_accounts (
  id text PRIMARY KEY,
  account text NOT NULL UNIQUE,
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  role_id bigint REFERENCES staff_roles (id) ON DELETE SET NULL,
  disabled boolean NOT NULL DEFAULT false,
  totp_secret text,
  totp_pending_secret text,
  totp_last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  last_login_ip text
);

-- IP blacklist (spec §3): every operation from these addresses is refused with IP_BLOCKED.
CREATE TABLE ip_blacklist (
  ip text PRIMARY KEY,
  note text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
