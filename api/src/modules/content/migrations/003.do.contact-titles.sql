-- Issue 16 item 10: the seeded contacts (rotation type 1, every language) carried the English title
-- 'Customer service', shown as is on the Swahili and Chinese sites. The sites head the list with their
-- own translated title, so the seeded rows lose theirs; a title staff wrote is left alone.
UPDATE content_rotations SET title = '' WHERE type = 1 AND seed_key LIKE 'contact-%' AND title = 'Customer service';
