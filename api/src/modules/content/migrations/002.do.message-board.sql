-- The message board (spec §3 "Message board": name, phone, content, email, only content required; §6 a
-- visitor may use it; §7 message_board/add): what players and visitors write to customer service.
CREATE TABLE content_board_messages (
  id bigserial PRIMARY KEY,
  user_id text,
  name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  content text NOT NULL,
  ip text NOT NULL,
  handled boolean NOT NULL DEFAULT false,
  handled_by text,
  handled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_board_messages_list ON content_board_messages (handled, created_at DESC);
CREATE INDEX content_board_messages_ip ON content_board_messages (ip, created_at DESC);
