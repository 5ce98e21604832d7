-- Issue 15 item 3: SMS codes are stored hashed (argon2id, `code_hash`), never in clear. Codes sent
-- before this migration cannot be hashed here: unused ones stop working (ask for a new one), and every
-- stored code is erased from `code` and from the message text.
ALTER TABLE sms_messages ADD COLUMN code_hash text;
UPDATE sms_messages SET status = 'used', used_at = COALESCE(used_at, sent_at) WHERE status = 'unused';
UPDATE sms_messages SET content = replace(content, code, '******') WHERE code IS NOT NULL AND code <> '';
UPDATE sms_messages SET code = NULL;
