-- The photo sizes tried again (docs/behaviour.md#image-sizes): a page whose sizes could not all
-- be made (the Images binding failed on a file) holds the instant of that failure, and the hourly
-- job tries it again, longest waiting first; NULL when nothing waits.
ALTER TABLE landing_pages ADD COLUMN sizes_retry_at TEXT;
CREATE INDEX idx_landing_pages_sizes_retry ON landing_pages (sizes_retry_at) WHERE sizes_retry_at IS NOT NULL;
