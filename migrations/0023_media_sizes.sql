-- The sizes kept of a page's photos (docs/behaviour.md#image-sizes): for each uploaded image of
-- the page's folder (its header, a video's poster, a button's image), by the file's path without
-- its extension, the widths made in both AVIF and WebP, e.g. {"/dati/a/a.k1":[480,720,1080]}.
-- An entry with no widths = looked at, nothing to make (too narrow, or not a photo). Pages saved
-- before sizes existed have none; they get theirs at their next save or from `npm run media:resize`.
ALTER TABLE landing_pages ADD COLUMN media_sizes TEXT NOT NULL DEFAULT '{}';
