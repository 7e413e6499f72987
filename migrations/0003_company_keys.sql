-- Company identity: every company is compared by one normalised key (src/core/company.ts:
-- NFKC, trimmed, inner white space collapsed, case-folded), stored in a column beside the
-- name. SQLite cannot compute NFKC, so this migration fills the key exactly only for names
-- made of printable ASCII (where the key is the lower-cased, trimmed, collapsed name) and
-- leaves it NULL for the others; NULL matches nothing, and the scheduled maintenance job
-- (worker/db/companies.ts backfillCompanyKeys) fills and merges those in code.
ALTER TABLE companies ADD COLUMN key TEXT;
ALTER TABLE users ADD COLUMN company_key TEXT;
-- Pages created without naming a company belong to the operator (OPERATOR_COMPANY_KEY).
ALTER TABLE landing_pages ADD COLUMN company_key TEXT DEFAULT 'OPERATOR';

UPDATE companies SET key = lower(trim(replace(replace(replace(name, '  ', ' '), '  ', ' '), '  ', ' ')))
  WHERE name NOT GLOB '*[^ -~]*';
UPDATE users SET company_key = CASE
    WHEN company IS NULL OR trim(company) = '' THEN NULL
    WHEN company NOT GLOB '*[^ -~]*'
      THEN lower(trim(replace(replace(replace(company, '  ', ' '), '  ', ' '), '  ', ' ')))
    ELSE NULL
  END;
-- Until now 'palco' in any case was the operator's company for pages: those pages stay the
-- operator's. Users who typed that name keep it as an ordinary (reserved) company key, so
-- they no longer reach the operator's pages.
UPDATE landing_pages SET company_key = CASE
    WHEN lower(trim(company)) = 'palco' THEN 'OPERATOR'
    WHEN company NOT GLOB '*[^ -~]*'
      THEN lower(trim(replace(replace(replace(company, '  ', ' '), '  ', ' '), '  ', ' ')))
    ELSE NULL
  END;

-- Names that collide under the key become one company: the oldest spelling wins everywhere.
DELETE FROM companies WHERE key IS NOT NULL
  AND id NOT IN (SELECT MIN(id) FROM companies WHERE key IS NOT NULL GROUP BY key);
UPDATE users SET company = (SELECT name FROM companies c WHERE c.key = users.company_key)
  WHERE company_key IN (SELECT key FROM companies WHERE key IS NOT NULL);
UPDATE landing_pages SET company = (SELECT name FROM companies c WHERE c.key = landing_pages.company_key)
  WHERE company_key IN (SELECT key FROM companies WHERE key IS NOT NULL);
-- The operator's own name is not offered in the public company list.
DELETE FROM companies WHERE key = 'palco';

DROP INDEX companies_name_nocase;
CREATE UNIQUE INDEX companies_key ON companies (key);
DROP INDEX users_company;
CREATE INDEX users_company_key ON users (company_key);
DROP INDEX landing_pages_company;
CREATE INDEX landing_pages_company_key ON landing_pages (company_key, updated_at);
