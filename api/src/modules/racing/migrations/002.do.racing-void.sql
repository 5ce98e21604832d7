-- Voided rounds (issue 19 item "round void"; decision 0062; docs/racing.md "Voiding a round"): when and
-- why staff voided a round that had not drawn. Its orders are returned through the settlement queue.
ALTER TABLE racing_rounds ADD COLUMN voided_at timestamptz;
ALTER TABLE racing_rounds ADD COLUMN void_reason text;
