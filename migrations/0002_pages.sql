-- Landing pages and their buttons; who may edit a page: docs/behaviour.md#pages-and-ownership.
CREATE TABLE landing_pages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- the slug: lowercase letters and digits only (src/core/slug.ts), never a reserved segment
  folder_name TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  -- lower-cased title (JS toLocaleLowerCase, so accents fold too): titles are unique ignoring case
  title_key TEXT NOT NULL,
  display_title TEXT NOT NULL DEFAULT '',
  company TEXT NOT NULL DEFAULT 'Palco',
  visible INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
  mode TEXT NOT NULL DEFAULT 'text' CHECK (mode IN ('text', 'image')),
  style TEXT NOT NULL DEFAULT 'light' CHECK (style IN ('light', 'dark', 'custom')),
  -- normalised custom styles as JSON text, or NULL for the defaults
  custom_styles TEXT,
  -- header image or mp4 path (/dati/...) or URL; '' until the upload that follows a create lands
  header TEXT NOT NULL DEFAULT '',
  view_page INTEGER NOT NULL DEFAULT 0,
  -- who created it; no foreign key: deleting a user keeps their company's pages
  created_by INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX landing_pages_title_key ON landing_pages (title_key);
CREATE INDEX landing_pages_company ON landing_pages (company COLLATE NOCASE);
CREATE INDEX landing_pages_visible ON landing_pages (visible, folder_name);

CREATE TABLE buttons (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id INTEGER NOT NULL REFERENCES landing_pages (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('text', 'image')),
  -- text buttons: the codec 'date - city - venue|label' (src/core/button-codec.ts)
  text TEXT NOT NULL DEFAULT '',
  image_path TEXT,
  -- text buttons: the first CTA's URL
  url TEXT,
  -- text buttons: JSON [{url, buttonText}], every CTA of the event
  cta_buttons TEXT,
  click_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX buttons_page_position ON buttons (page_id, position, id);
