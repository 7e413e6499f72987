/**
 * Companies: names unique ignoring case. A name typed in another case reuses the stored
 * spelling, so 'palco' and 'Palco' never become two companies.
 */

/** Trims and collapses inner whitespace: 'Acme  Srl ' and 'Acme Srl' are one company. */
export function cleanCompanyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

export async function findCompanyName(db: D1Database, name: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT name FROM companies WHERE name = ? COLLATE NOCASE')
    .bind(cleanCompanyName(name))
    .first<{ name: string }>();
  return row?.name ?? null;
}

/** Creates the company when new (no-op on a case-insensitive duplicate). */
export function insertCompanyStatement(db: D1Database, name: string): D1PreparedStatement {
  return db
    .prepare('INSERT INTO companies (name) VALUES (?) ON CONFLICT DO NOTHING')
    .bind(cleanCompanyName(name));
}

/**
 * The stored spelling of a company, created when it does not exist yet. Pages code that
 * moves a page to another company should go through here too, so the list stays complete.
 */
export async function ensureCompany(db: D1Database, name: string): Promise<string> {
  const clean = cleanCompanyName(name);
  const existing = await findCompanyName(db, clean);
  if (existing) return existing;
  await insertCompanyStatement(db, clean).run();
  return (await findCompanyName(db, clean)) ?? clean;
}

export async function listCompanyNames(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT name FROM companies ORDER BY name COLLATE NOCASE, id')
    .all<{ name: string }>();
  return results.map((r) => r.name);
}
