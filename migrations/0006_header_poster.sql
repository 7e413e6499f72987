-- A video header's poster frame: a still taken in the editor about a second into the MP4,
-- stored beside it under /dati/{slug}/ and used as the <video poster>, the share image and the
-- JSON-LD image (docs/behaviour.md#uploads). '' = none (an image header never has one).
ALTER TABLE landing_pages ADD COLUMN header_poster TEXT NOT NULL DEFAULT '';
