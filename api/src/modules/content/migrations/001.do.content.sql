-- Content the player site reads and the back office edits (issue 7 /message, /rich_text, /artcol, /help,
-- /promotion, /privacy_policy, notice bar; issue 8 "content"; spec §2, §3, §9; docs/content.md).
-- Plain CRUD state: every staff change is one transaction with its staff_audit_log row (before/after).

-- Uploaded files (images of banners and graphic text, documents), served at /uploads/<id>.<ext>.
-- Kept in the database, not on a disk, so every API instance serves every file (docs/content.md).
CREATE TABLE content_files (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  content_type text NOT NULL,
  extension text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  bytes bytea NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Internal messages (spec §2 /message, §3 User.not_viewed). Title and body per language (jsonb
-- {"sw": …, "en-US": …, "zh-CN": …}); audience 'players' (listed), 'all' (every player at send time),
-- or 'new_players' (delivered to each player on registration: the welcome message).
CREATE TABLE content_messages (
  id bigserial PRIMARY KEY,
  title jsonb NOT NULL,
  body jsonb NOT NULL,
  audience text NOT NULL CHECK (audience IN ('players', 'all', 'new_players')),
  recipients integer NOT NULL DEFAULT 0,
  withdrawn boolean NOT NULL DEFAULT false,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE content_message_recipients (
  message_id bigint NOT NULL REFERENCES content_messages (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  delivered_at timestamptz NOT NULL,
  read_at timestamptz,
  PRIMARY KEY (user_id, message_id)
);
CREATE INDEX content_message_recipients_unread ON content_message_recipients (user_id) WHERE read_at IS NULL;
CREATE INDEX content_message_recipients_message ON content_message_recipients (message_id);

-- Rotation items (spec §3 "Banner", "Rotation types"; §7 rotation/*; §9 banner types): contact list
-- (type 1), paid-phone logos (11), mobile and desktop home carousels (15, 16), notice bar (18),
-- promotion list (19). language NULL = every language. remove_status of the spec = NOT shown.
CREATE TABLE content_rotations (
  id bigserial PRIMARY KEY,
  type smallint NOT NULL,
  title text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  image_url text,
  link text,
  jump_type smallint NOT NULL DEFAULT 0,
  language text CHECK (language IN ('sw', 'en-US', 'zh-CN')),
  sorting smallint NOT NULL DEFAULT 0 CHECK (sorting BETWEEN 0 AND 100),
  shown boolean NOT NULL DEFAULT true,
  clicks integer NOT NULL DEFAULT 0,
  seed_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_rotations_type ON content_rotations (type, sorting DESC, id);

-- Graphic text / articles (spec §3 "Image/text": release time, intro, subtitle; §5 release time valid).
CREATE TABLE content_articles (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  subtitle text NOT NULL DEFAULT '',
  intro text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  image_url text,
  language text NOT NULL CHECK (language IN ('sw', 'en-US', 'zh-CN')),
  release_time timestamptz NOT NULL,
  sorting smallint NOT NULL DEFAULT 0 CHECK (sorting BETWEEN 0 AND 100),
  shown boolean NOT NULL DEFAULT true,
  seed_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_articles_release ON content_articles (language, release_time DESC);

-- Documents (spec §2 /artcol "type 14 = rules"; §7 file/obs_add "documents accept txt").
CREATE TABLE content_documents (
  id bigserial PRIMARY KEY,
  type smallint NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  file_url text,
  language text NOT NULL CHECK (language IN ('sw', 'en-US', 'zh-CN')),
  sorting smallint NOT NULL DEFAULT 0 CHECK (sorting BETWEEN 0 AND 100),
  shown boolean NOT NULL DEFAULT true,
  seed_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_documents_type ON content_documents (type, language, sorting DESC);

-- Rich-text pages (spec §2 /rich_text?type=, /help, /privacy_policy): one per slug and language.
CREATE TABLE content_pages (
  id bigserial PRIMARY KEY,
  slug text NOT NULL,
  type smallint,
  language text NOT NULL CHECK (language IN ('sw', 'en-US', 'zh-CN')),
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (slug, language)
);
CREATE INDEX content_pages_type ON content_pages (type, language);

-- Site configuration (maintenance mode, customer-service numbers, phone area codes, support links),
-- versioned with an effective time like bet_config_versions: the one in force is the latest whose
-- effective_from has passed (ties: the later row).
CREATE TABLE site_config_versions (
  id bigserial PRIMARY KEY,
  effective_from timestamptz NOT NULL,
  config jsonb NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_config_versions_effective ON site_config_versions (effective_from DESC, id DESC);

-- Seed runs done (seed.ts): the default content is inserted once, so staff deletions stay deleted.
CREATE TABLE content_seed_runs (
  name text PRIMARY KEY,
  ran_at timestamptz NOT NULL DEFAULT now()
);
