-- Company rows live while an account that is not rejected, or a page, names their key
-- (docs/behaviour.md#companies). Until now a registration added its company at once and
-- nothing took it away: the rows of rejected and deleted accounts' companies go. A row that a
-- page or a live account names is never touched; users and pages keep their own copy of the
-- name, so no page and no account changes here. Nothing is deleted while a company key is
-- still to be filled (worker/db/companies.ts backfillCompanyKeys): an unkeyed name could
-- still be one of these companies. Names with hidden characters or that look like the
-- operator's are not matched here (SQLite has no Unicode categories): the public list leaves
-- them out in code.
DELETE FROM companies
WHERE key IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.company_key = companies.key AND u.status <> 'rejected')
  AND NOT EXISTS (SELECT 1 FROM landing_pages p WHERE p.company_key = companies.key)
  AND NOT EXISTS (
    SELECT 1 FROM users u WHERE u.company_key IS NULL AND u.company IS NOT NULL AND trim(u.company) <> ''
  )
  AND NOT EXISTS (SELECT 1 FROM landing_pages p WHERE p.company_key IS NULL);
