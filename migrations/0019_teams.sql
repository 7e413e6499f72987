-- Teams, page history, the trash and the activity log (docs/behaviour.md#teams).
--
-- Members: one company per account, so membership lives on the account. company_role is the
-- role inside company_key ('owner' = Titolare, 'editor', 'viewer' = Lettore); membership is
-- 'member' once joined, 'requested' while a request to join waits for a Titolare (or an
-- administrator), NULL before an administrator's approval or after removal. fans_access is
-- the 'Dati dei fan' right (a Titolare always has it, whatever the column says).
ALTER TABLE users ADD COLUMN company_role TEXT CHECK (company_role IN ('owner', 'editor', 'viewer'));
ALTER TABLE users ADD COLUMN membership TEXT CHECK (membership IN ('member', 'requested'));
ALTER TABLE users ADD COLUMN fans_access INTEGER NOT NULL DEFAULT 0 CHECK (fans_access IN (0, 1));
ALTER TABLE users ADD COLUMN member_since TEXT;
-- the invitation the registration carried (company_invitations.id): approval joins with its role
ALTER TABLE users ADD COLUMN invitation_id INTEGER;

-- Every member of an existing company could do everything until now: each becomes Titolare,
-- so nobody loses access on the upgrade. Accounts still waiting for approval decide at approval.
UPDATE users SET company_role = 'owner', membership = 'member', fans_access = 1, member_since = created_at
  WHERE company_key IS NOT NULL AND status IN ('approved', 'active', 'banned');
CREATE INDEX users_company_membership ON users (company_key, membership, company_role);

-- Invitations: a link /signup?invito={token}, bound to one address, single use, 7 days,
-- revocable. Only the token's SHA-256 is kept.
CREATE TABLE company_invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_key TEXT NOT NULL,
  company TEXT NOT NULL,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
  fans_access INTEGER NOT NULL DEFAULT 0 CHECK (fans_access IN (0, 1)),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by INTEGER,
  invited_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  used_by INTEGER,
  revoked_at TEXT
);
CREATE INDEX company_invitations_company ON company_invitations (company_key, id);
CREATE INDEX company_invitations_email ON company_invitations (email COLLATE NOCASE);

-- Versions: every save of a page keeps the page as saved (JSON), who, when and a summary.
-- No foreign key: a page in the trash keeps its versions; deleting it for ever deletes them.
CREATE TABLE page_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  page_id INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor_id INTEGER,
  actor_name TEXT NOT NULL DEFAULT '',
  actor_email TEXT NOT NULL DEFAULT '',
  -- 'created', 'saved', 'restored', 'availability', 'visibility', 'schedule'
  kind TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  snapshot TEXT NOT NULL
);
CREATE INDEX page_versions_page ON page_versions (page_id, id);

-- The trash: a deleted page keeps its row, slug and title (still reserved) for 30 days.
ALTER TABLE landing_pages ADD COLUMN deleted_at TEXT;
ALTER TABLE landing_pages ADD COLUMN deleted_by INTEGER;
ALTER TABLE landing_pages ADD COLUMN deleted_by_name TEXT;
CREATE INDEX landing_pages_deleted ON landing_pages (deleted_at) WHERE deleted_at IS NOT NULL;

-- The activity log: one row per act, per company, kept 400 days.
CREATE TABLE activity_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_key TEXT NOT NULL,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor_id INTEGER,
  actor_name TEXT NOT NULL DEFAULT '',
  actor_email TEXT NOT NULL DEFAULT '',
  action TEXT NOT NULL,
  page_id INTEGER,
  page_slug TEXT,
  page_title TEXT,
  -- the member an act on members concerns
  target_user_id INTEGER,
  target_name TEXT,
  summary TEXT NOT NULL DEFAULT ''
);
CREATE INDEX activity_log_company ON activity_log (company_key, id);
CREATE INDEX activity_log_at ON activity_log (at);
