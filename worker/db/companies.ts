/**
 * Companies: one row per company key (src/core/company.ts). A name typed in another case,
 * spacing or Unicode form reuses the stored spelling, so 'Acme', ' ACME ' and 'Ａｃｍｅ' never
 * become three companies. The operator's own company has no row: it is not offered to anyone.
 */
import { DEFAULT_COMPANY } from '../../src/core/constants';
import { OPERATOR_COMPANY_KEY, cleanCompanyName, companyKey, isOperatorCompanyName } from '../../src/core/company';
import { isOperatorLookalike } from '../../src/core/company-skeleton';

/** A company as stored on a user or a page: the display spelling and the key compared by. */
export interface CompanyRef {
  name: string;
  key: string;
}

export const OPERATOR_COMPANY: CompanyRef = { name: DEFAULT_COMPANY, key: OPERATOR_COMPANY_KEY };

export async function findCompanyName(db: D1Database, name: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT name FROM companies WHERE key = ?')
    .bind(companyKey(name))
    .first<{ name: string }>();
  return row?.name ?? null;
}

/** Creates the company when new (no-op when its key exists). */
export function insertCompanyStatement(db: D1Database, company: CompanyRef): D1PreparedStatement {
  return db
    .prepare('INSERT INTO companies (name, key) VALUES (?, ?) ON CONFLICT DO NOTHING')
    .bind(company.name, company.key);
}

/**
 * The company a typed name means, in its stored spelling when it exists (not created here).
 * Callers refuse the operator's name for organisers before calling this.
 */
export async function resolveCompany(db: D1Database, name: string): Promise<CompanyRef> {
  const clean = cleanCompanyName(name);
  return { name: (await findCompanyName(db, clean)) ?? clean, key: companyKey(clean) };
}

/**
 * What an administrator's typed company means for a page: the operator's company for its
 * name or a look-alike of it (or none), else the stored company, created when new so the
 * list stays complete.
 */
export async function ensurePageCompany(db: D1Database, name: string | null | undefined): Promise<CompanyRef> {
  if (!name || !cleanCompanyName(name) || (await isOperatorLookalike(name))) return OPERATOR_COMPANY;
  const company = await resolveCompany(db, name);
  await insertCompanyStatement(db, company).run();
  return { name: (await findCompanyName(db, company.name)) ?? company.name, key: company.key };
}

export async function listCompanyNames(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT name FROM companies WHERE key IS NOT NULL ORDER BY key, id')
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

/**
 * Fills the company keys the SQL migration could not compute (names beyond printable ASCII)
 * and merges names that collide under the key: the oldest stored spelling wins. Runs from
 * the scheduled maintenance job, at most `limit` rows per table per run; answers how many
 * rows it changed.
 */
export async function backfillCompanyKeys(db: D1Database, limit = 500): Promise<number> {
  let changed = 0;
  const companies = await db
    .prepare('SELECT id, name FROM companies WHERE key IS NULL ORDER BY id LIMIT ?')
    .bind(limit)
    .all<{ id: number; name: string }>();
  for (const row of companies.results) {
    const key = companyKey(row.name);
    const owner = await db.prepare('SELECT id FROM companies WHERE key = ?').bind(key).first<{ id: number }>();
    if (owner || !key || key === companyKey(DEFAULT_COMPANY)) {
      await db.prepare('DELETE FROM companies WHERE id = ?').bind(row.id).run();
    } else {
      await db
        .prepare('UPDATE companies SET key = ?, name = ? WHERE id = ?')
        .bind(key, cleanCompanyName(row.name), row.id)
        .run();
    }
    changed += 1;
  }

  const users = await db
    .prepare(
      `SELECT id, company FROM users WHERE company_key IS NULL AND company IS NOT NULL AND trim(company) <> '' LIMIT ?`,
    )
    .bind(limit)
    .all<{ id: number; company: string }>();
  for (const row of users.results) {
    const company = await resolveCompany(db, row.company);
    if (!company.key) continue;
    await db
      .prepare('UPDATE users SET company = ?, company_key = ? WHERE id = ?')
      .bind(company.name, company.key, row.id)
      .run();
    changed += 1;
  }

  const pages = await db
    .prepare('SELECT id, company FROM landing_pages WHERE company_key IS NULL LIMIT ?')
    .bind(limit)
    .all<{ id: number; company: string }>();
  for (const row of pages.results) {
    const company =
      isOperatorCompanyName(row.company) || !cleanCompanyName(row.company)
        ? OPERATOR_COMPANY
        : await resolveCompany(db, row.company);
    await db
      .prepare('UPDATE landing_pages SET company = ?, company_key = ? WHERE id = ?')
      .bind(company.name, company.key, row.id)
      .run();
    changed += 1;
  }
  return changed;
}
