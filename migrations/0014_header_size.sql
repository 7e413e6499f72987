-- The header's pixel size as a browser lays it out (an image header's own, a video header's
-- poster's), read from the upload's bytes, so the published page reserves the right space
-- before the file arrives (docs/behaviour.md#header-size). header_size_of is the path the size
-- was read from: a size whose path is no longer the header (or its poster) is ignored and
-- read again at the next publish. NULL sizes with a path = read, but not a readable image.
ALTER TABLE landing_pages ADD COLUMN header_width INTEGER;
ALTER TABLE landing_pages ADD COLUMN header_height INTEGER;
ALTER TABLE landing_pages ADD COLUMN header_size_of TEXT NOT NULL DEFAULT '';
