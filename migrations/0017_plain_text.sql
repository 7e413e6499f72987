-- One-line plain text (docs/behaviour.md#pages-and-ownership, #text-buttons-and-ctas, #companies):
-- titles, display titles, event texts, CTA texts and company names hold no control character
-- (Unicode Cc: U+0000–U+001F, U+007F–U+009F). The API refuses them from now on, and this replaces
-- every one already stored with a space, in
--   landing_pages.title (and title_key, its lower-cased copy), display_title, company,
--   buttons.text (the codec's 'date - city - venue|label', or an image's text) and the
--   buttonText of each CTA in buttons.cta_buttons,
--   users.company, companies.name.
--
-- cta_buttons is JSON written by JSON.stringify: a C0 character sits in it as an escape (\n,
-- \u0001), DEL and C1 raw. Neither is replaced in the JSON text (a '\n' may also be an escaped
-- backslash and an 'n'): each label is read with json_extract, cleaned, and written back with
-- json_set, so the JSON stays valid and its other fields untouched.
--
-- SQLite's replace() takes no NUL as its pattern (it reads an empty one): NULs are replaced on
-- the bytes first, the other 64 characters then with replace(), one character per step of a
-- recursive query. The values go through a scratch table, dropped at the end.
--
-- Titles stay unique ignoring case: a cleaned title that another page already has takes its
-- page's id, 'Tour 2027 (12)'. A company whose name changes loses its key (users, pages and the
-- companies row alike) so the hourly maintenance computes it in code and merges it with a
-- company of the same key, as after 0003 (worker/db/companies.ts backfillCompanyKeys): until
-- then its organisers do not reach their pages. A changed event counts as changed for the tour
-- feeds (revision, modified_at), a changed page as written (updated_at). Published pages show
-- the old text until their next publish.

CREATE TABLE plain_text_fixes (
  -- where the value comes from: 'table.column'
  field TEXT NOT NULL,
  -- the row's id
  id INTEGER NOT NULL,
  -- buttons.cta_buttons: the CTA's index in the array
  cta INTEGER,
  value TEXT
);

-- Every value, then only those holding a control character: one of U+0001–U+001F,
-- U+007F–U+009F, or a NUL (which GLOB cannot see: it ends the text for it). One INSERT per
-- column: D1 allows few terms in a compound SELECT.
INSERT INTO plain_text_fixes (field, id, value) SELECT 'landing_pages.title', id, title FROM landing_pages;
INSERT INTO plain_text_fixes (field, id, value) SELECT 'landing_pages.title_key', id, title_key FROM landing_pages;
INSERT INTO plain_text_fixes (field, id, value) SELECT 'landing_pages.display_title', id, display_title FROM landing_pages;
INSERT INTO plain_text_fixes (field, id, value) SELECT 'landing_pages.company', id, company FROM landing_pages;
INSERT INTO plain_text_fixes (field, id, value) SELECT 'buttons.text', id, text FROM buttons;
INSERT INTO plain_text_fixes (field, id, cta, value)
  SELECT 'buttons.cta_buttons', b.id, c.key, json_extract(c.value, '$.buttonText')
  FROM buttons b, json_each(b.cta_buttons) c
  WHERE json_valid(b.cta_buttons) AND json_type(c.value, '$.buttonText') = 'text';
INSERT INTO plain_text_fixes (field, id, value) SELECT 'users.company', id, company FROM users;
INSERT INTO plain_text_fixes (field, id, value) SELECT 'companies.name', id, name FROM companies;
DELETE FROM plain_text_fixes
  WHERE value IS NULL
     OR NOT (value GLOB ('*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || ']*')
             OR instr(CAST(value AS BLOB), x'00') > 0);

-- NULs: the first one of each value becomes a space, again until none is left (on the bytes:
-- substr() on text stops at a NUL).
WITH RECURSIVE nul(fix, bytes) AS (
  SELECT rowid, CAST(value AS BLOB) FROM plain_text_fixes WHERE instr(CAST(value AS BLOB), x'00') > 0
  UNION ALL
  SELECT fix, CAST(substr(bytes, 1, instr(bytes, x'00') - 1) || x'20' || substr(bytes, instr(bytes, x'00') + 1) AS BLOB)
  FROM nul WHERE instr(bytes, x'00') > 0
)
UPDATE plain_text_fixes SET value = CAST(nul.bytes AS TEXT)
FROM nul WHERE nul.fix = plain_text_fixes.rowid AND instr(nul.bytes, x'00') = 0;

-- The other 64: step by step through the codes 1–31 then 127–159, each replaced by a space.
WITH RECURSIVE step(fix, code, value) AS (
  SELECT rowid, 0, value FROM plain_text_fixes
  UNION ALL
  SELECT fix, CASE code WHEN 31 THEN 127 ELSE code + 1 END,
         replace(value, char(CASE code WHEN 31 THEN 127 ELSE code + 1 END), ' ')
  FROM step WHERE code < 159
)
UPDATE plain_text_fixes SET value = step.value
FROM step WHERE step.fix = plain_text_fixes.rowid AND step.code = 159;

-- As the API stores them: titles and CTA texts trimmed, company names trimmed, inner spaces
-- collapsed (src/core/company.ts cleanCompanyName).
UPDATE plain_text_fixes SET value = trim(value)
  WHERE field IN ('landing_pages.title', 'landing_pages.title_key', 'landing_pages.display_title', 'buttons.cta_buttons');
UPDATE plain_text_fixes SET value = trim(replace(replace(replace(replace(value, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '))
  WHERE field IN ('landing_pages.company', 'users.company', 'companies.name');

-- A cleaned title another page already has (ignoring case), or an earlier page of this
-- migration: the page's id after it keeps titles unique.
UPDATE plain_text_fixes SET value = value || ' (' || id || ')'
WHERE field IN ('landing_pages.title', 'landing_pages.title_key')
  AND id IN (
    SELECT k.id FROM plain_text_fixes k
    WHERE k.field = 'landing_pages.title_key'
      AND (EXISTS (SELECT 1 FROM landing_pages p
                   WHERE p.title_key = k.value AND p.id <> k.id
                     AND p.id NOT IN (SELECT id FROM plain_text_fixes WHERE field = 'landing_pages.title_key'))
           OR EXISTS (SELECT 1 FROM plain_text_fixes o
                      WHERE o.field = 'landing_pages.title_key' AND o.value = k.value AND o.id < k.id))
  );

-- Back where they came from.
UPDATE landing_pages SET title = f.value
  FROM plain_text_fixes f WHERE f.field = 'landing_pages.title' AND f.id = landing_pages.id;
UPDATE landing_pages SET title_key = f.value
  FROM plain_text_fixes f WHERE f.field = 'landing_pages.title_key' AND f.id = landing_pages.id;
UPDATE landing_pages SET display_title = f.value
  FROM plain_text_fixes f WHERE f.field = 'landing_pages.display_title' AND f.id = landing_pages.id;
UPDATE landing_pages
  SET company = f.value, company_key = CASE WHEN company_key = 'OPERATOR' THEN company_key ELSE NULL END
  FROM plain_text_fixes f WHERE f.field = 'landing_pages.company' AND f.id = landing_pages.id;
UPDATE users SET company = f.value, company_key = NULL
  FROM plain_text_fixes f WHERE f.field = 'users.company' AND f.id = users.id;
UPDATE companies SET name = f.value, key = NULL
  FROM plain_text_fixes f WHERE f.field = 'companies.name' AND f.id = companies.id;

UPDATE buttons SET text = f.value
  FROM plain_text_fixes f WHERE f.field = 'buttons.text' AND f.id = buttons.id;
UPDATE buttons SET cta_buttons = (
    SELECT json_group_array(
             CASE WHEN f.id IS NULL THEN json(c.value) ELSE json_set(c.value, '$.buttonText', f.value) END
             ORDER BY c.key)
    FROM json_each(buttons.cta_buttons) c
    LEFT JOIN plain_text_fixes f ON f.field = 'buttons.cta_buttons' AND f.id = buttons.id AND f.cta = c.key
  )
  WHERE id IN (SELECT id FROM plain_text_fixes WHERE field = 'buttons.cta_buttons');
UPDATE buttons SET revision = revision + 1, modified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE id IN (SELECT id FROM plain_text_fixes WHERE field IN ('buttons.text', 'buttons.cta_buttons'));
-- every write to a page moves its updated_at
UPDATE landing_pages SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE id IN (SELECT id FROM plain_text_fixes WHERE field LIKE 'landing_pages.%')
     OR id IN (SELECT page_id FROM buttons
               WHERE id IN (SELECT id FROM plain_text_fixes WHERE field LIKE 'buttons.%'));

DROP TABLE plain_text_fixes;
