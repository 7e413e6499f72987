// Migration 0017 (docs/behaviour.md#pages-and-ownership): every control character stored in a
// title, an event text, a CTA text or a company name becomes a space. Bad rows are inserted as
// old data would hold them, then the migration's SQL runs again over them.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { companyKey } from '../../src/core/company';
import { backfillCompanyKeys } from '../../worker/db/companies';
import { createUser } from './helpers';
import { slugFor } from './public-helpers';

async function runMigration(): Promise<void> {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0017_'));
  expect(migration, 'migrations/0017_*.sql').toBeDefined();
  for (const query of migration!.queries) await env.DB.prepare(query).run();
}

interface PageRow {
  id: number;
  title: string;
  title_key: string;
  display_title: string;
  company: string;
  company_key: string | null;
}

async function insertPage(title: string, extra: Partial<PageRow> = {}): Promise<number> {
  const slug = slugFor('mig');
  const row = await env.DB.prepare(
    `INSERT INTO landing_pages (folder_name, title, title_key, display_title, company, company_key, header)
     VALUES (?, ?, ?, ?, ?, ?, '') RETURNING id`,
  )
    .bind(
      slug,
      title,
      extra.title_key ?? title.toLocaleLowerCase('it'),
      extra.display_title ?? '',
      extra.company ?? 'Palco',
      extra.company_key === undefined ? 'OPERATOR' : extra.company_key,
    )
    .first<{ id: number }>();
  return row!.id;
}

async function pageRow(id: number): Promise<PageRow> {
  return (await env.DB.prepare(
    'SELECT id, title, title_key, display_title, company, company_key FROM landing_pages WHERE id = ?',
  )
    .bind(id)
    .first<PageRow>())!;
}

async function insertButton(pageId: number, type: string, text: string, ctas: unknown[] | null): Promise<number> {
  const row = await env.DB.prepare(
    'INSERT INTO buttons (page_id, position, type, text, cta_buttons) VALUES (?, 1, ?, ?, ?) RETURNING id',
  )
    .bind(pageId, type, text, ctas === null ? null : JSON.stringify(ctas))
    .first<{ id: number }>();
  return row!.id;
}

async function buttonRow(id: number) {
  return (await env.DB.prepare('SELECT text, cta_buttons, revision, modified_at FROM buttons WHERE id = ?')
    .bind(id)
    .first<{ text: string; cta_buttons: string | null; revision: number; modified_at: string | null }>())!;
}

const CONTROL = /\p{Cc}/u;

describe('migration 0017 replaces stored control characters with a space', () => {
  it('titles and display titles, NUL, C0, DEL and C1 alike; clean pages untouched', async () => {
    const dirty = await insertPage('Tour\r\n2027\u0000fine\u0085estate\u007F!', {
      display_title: 'Tour\t2027\u009F',
    });
    const clean = await insertPage("L'Aquila è qui 🎸 — “Nero”", { display_title: 'Caffè d’Autore' });
    const before = await pageRow(clean);

    await runMigration();

    expect(await pageRow(dirty)).toMatchObject({
      title: 'Tour  2027 fine estate !',
      title_key: 'tour  2027 fine estate !',
      display_title: 'Tour 2027',
    });
    expect(await pageRow(clean)).toEqual(before);
  });

  it('a cleaned title another page already has takes its page id, so titles stay unique', async () => {
    const stamp = Date.now();
    const taken = await insertPage(`Estate ${stamp}`);
    const first = await insertPage(`Estate\n${stamp}`);
    const second = await insertPage(`Estate\t${stamp}`);
    await runMigration();
    expect((await pageRow(taken)).title).toBe(`Estate ${stamp}`);
    expect(await pageRow(first)).toMatchObject({
      title: `Estate ${stamp} (${first})`,
      title_key: `estate ${stamp} (${first})`,
    });
    expect(await pageRow(second)).toMatchObject({
      title: `Estate ${stamp} (${second})`,
      title_key: `estate ${stamp} (${second})`,
    });
  });

  it("event texts and CTA texts: the JSON's escapes are read as the characters they stand for", async () => {
    const page = await insertPage(`Eventi ${Date.now()}`);
    const text = await insertButton(page, 'text', '12/05\u0001/2099 - Ro\u0000ma - Club\u007F|VIP\n', [
      { url: 'https://t.it/a', buttonText: 'VIP\n\u0085', on_sale_at: '2099-05-01T08:00:00Z', availability: 'limited' },
      { url: 'https://t.it/b', buttonText: 'a\\nb \u00e8 🎟️', on_sale_at: null, availability: 'on_sale' },
      { url: 'https://t.it/c', buttonText: 'Ultimi\r\n\u0000posti' },
    ]);
    // a literal backslash and n (escaped as \\n in the JSON) is no line break
    const literal = await insertButton(page, 'text', '13/05/2099 - Milano - Alcatraz|a\\nb', [
      { url: 'https://t.it/d', buttonText: 'a\\nb' },
    ]);
    const image = await insertButton(page, 'image', 'Spot\tify', null);
    const untouched = await buttonRow(literal);

    await runMigration();

    const row = await buttonRow(text);
    expect(row.text).toBe('12/05 /2099 - Ro ma - Club |VIP ');
    expect(JSON.parse(row.cta_buttons!)).toEqual([
      { url: 'https://t.it/a', buttonText: 'VIP', on_sale_at: '2099-05-01T08:00:00Z', availability: 'limited' },
      { url: 'https://t.it/b', buttonText: 'a\\nb \u00e8 🎟️', on_sale_at: null, availability: 'on_sale' },
      { url: 'https://t.it/c', buttonText: 'Ultimi   posti' },
    ]);
    expect(row.cta_buttons).not.toMatch(CONTROL);
    expect(row.revision).toBe(1);
    expect(row.modified_at).not.toBeNull();
    expect(await buttonRow(literal)).toEqual(untouched);
    expect((await buttonRow(image)).text).toBe('Spot ify');
  });

  it('company names: cleaned, and their keys computed again by the maintenance', async () => {
    const stamp = Date.now();
    const typed = `Nuova\tAgenzia\u0085 ${stamp}`;
    const user = await createUser({ status: 'active', company: typed });
    await env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, ?)').bind(typed, companyKey(typed)).run();
    const page = await insertPage(`Agenzia ${stamp}`, { company: typed, company_key: companyKey(typed) });
    const operator = await insertPage(`Operatore ${stamp}`, { company: 'Pal\u0000co' });

    await runMigration();

    const name = `Nuova Agenzia ${stamp}`;
    const company = () =>
      env.DB.prepare('SELECT name, key FROM companies WHERE name LIKE ?').bind(`Nuova%${stamp}`).all();
    expect((await company()).results).toEqual([{ name, key: null }]);
    const userRow = () => env.DB.prepare('SELECT company, company_key FROM users WHERE id = ?').bind(user.id).first();
    expect(await userRow()).toEqual({ company: name, company_key: null });
    expect(await pageRow(page)).toMatchObject({ company: name, company_key: null });
    // the operator's pages stay the operator's
    expect(await pageRow(operator)).toMatchObject({ company: 'Pal co', company_key: 'OPERATOR' });

    await backfillCompanyKeys(env.DB);
    expect((await company()).results).toEqual([{ name, key: companyKey(name) }]);
    expect(await userRow()).toEqual({ company: name, company_key: companyKey(name) });
    expect(await pageRow(page)).toMatchObject({ company: name, company_key: companyKey(name) });
  });
});
