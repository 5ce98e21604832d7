-- Every staff action (issue 5 item 3, architecture.md §3): who, from where, what, and the row before
-- and after. Written in the same transaction as the change it records.
CREATE TABLE staff_audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  ip text,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  reason text,
  before jsonb,
  after jsonb,
  request_id text
);
CREATE INDEX staff_audit_log_entity ON staff_audit_log (entity, entity_id, at DESC);
CREATE INDEX staff_audit_log_actor ON staff_audit_log (actor, at DESC);
