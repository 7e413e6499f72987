// Company identity: one normalised key per company, compared the same way in SQL and in code;
// the operator's own company is out of reach of every name an organiser can type.
import { adminPaths, pagePaths } from '../../src/core/api-paths';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { OPERATOR_COMPANY_KEY, companyKey } from '../../src/core/company';
import { t } from '../../src/core/messages';
import { backfillCompanyKeys } from '../../worker/db/companies';
import {
  adminWithToken,
  callJson,
  uniqueEmail,
  call,
  createPage,
  textPage,
  uniqueSlug,
  organiserWithToken,
  createUser,
} from './helpers';

const PASSWORD = 'Segreta123';
const PNG_1x1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

async function operatorPage(): Promise<string> {
  const admin = await adminWithToken({ company: null });
  const slug = uniqueSlug('op');
  const page = await createPage(admin.token, textPage(slug));
  expect(page.company).toBe('Palco');
  return slug;
}

/** Every way a user could reach a page: read, list, edit, visibility, delete, upload. */
async function reach(token: string, slug: string): Promise<Record<string, number | boolean>> {
  const base = pagePaths.page(slug);
  const list = (await (await call(pagePaths.list, { token })).json()) as { folder_name: string }[];
  const form = new FormData();
  form.append('file', new File([PNG_1x1], 'x.png', { type: 'image/png' }));
  return {
    listed: Array.isArray(list) && list.some((p) => p.folder_name === slug),
    read: (await call(base, { token })).status,
    edit: (await call(base, { token, method: 'PUT', json: textPage(slug) })).status,
    visibility: (await call(`${base}/visibility?visible=false`, { token, method: 'PATCH' })).status,
    upload: (await call(`${base}/upload-image`, { token, body: form })).status,
    delete: (await call(base, { token, method: 'DELETE' })).status,
  };
}

const OUT_OF_REACH = { listed: false, read: 404, edit: 404, visibility: 404, upload: 404, delete: 404 };

describe('the company key', () => {
  it.each([
    ['\u212Acme Srl', 'kcme srl'],
    ['  ÉLAN   Live ', 'élan live'],
    ['E\u0301LAN LIVE', 'élan live'],
    ['Straße Events', 'strasse events'],
    ['ＡＣＭＥ\u00A0Eventi', 'acme eventi'],
    ['Acme\t\nEventi', 'acme eventi'],
  ])('%j → %j', (name, key) => {
    expect(companyKey(name)).toBe(key);
  });

  it('never holds an ASCII capital, so no typed name reaches the operator key', () => {
    for (const name of ['OPERATOR', 'operator', 'Ｏｐｅｒａｔｏｒ', 'PALCO', 'ÖPERATOR']) {
      expect(companyKey(name)).not.toMatch(/[A-Z]/);
      expect(companyKey(name)).not.toBe(OPERATOR_COMPANY_KEY);
    }
  });
});

describe('registration needs a company, never the operator one', () => {
  function register(extra: Record<string, unknown>, omitCompany = false) {
    const json: Record<string, unknown> = {
      email: uniqueEmail('reg'),
      password: PASSWORD,
      company: 'Acme Eventi',
      ...extra,
    };
    if (omitCompany) delete json.company;
    return callJson('/auth/register', { json });
  }

  it.each([
    ['no company field', {}, true, t('validation.company.required')],
    ['company null', { company: null }, false, t('validation.company.required')],
    ['company empty', { company: '   ' }, false, t('validation.company.required')],
    ['palco', { company: 'palco' }, false, t('validation.company.reserved')],
    ['PALCO', { company: 'PALCO' }, false, t('validation.company.reserved')],
    ['Ｐａｌｃｏ (full width)', { company: 'Ｐａｌｃｏ' }, false, t('validation.company.reserved')],
  ] as const)('%s → 422 with the Italian reason', async (_name, extra, omit, reason) => {
    const { status, body } = await register(extra, omit);
    expect(status).toBe(422);
    expect(String(body.detail)).toContain(reason);
  });

  // the names must be what they show: hidden characters make two names look alike on screen
  it.each([
    ['a zero-width space', 'Pal\u200Bco Live'],
    ['a soft hyphen', 'Palco\u00AD Eventi'],
    ['a right-to-left override', '\u202EPalco'],
    ['a bidi isolate', 'Acme \u2066Live\u2069'],
    ['a NUL byte', 'Acme\u0000Live'],
    ['an escape character', 'Acme \u001B[31mLive'],
    ['a zero-width joiner', 'Ac\u200Dme'],
    ['a Hangul filler (drawn as nothing)', 'Acme\u3164Live'],
  ])('a company with %s → 422 with the Italian reason, nothing stored', async (_name, company) => {
    const email = uniqueEmail('hid');
    const { status, body } = await register({ email, company });
    expect(status).toBe(422);
    expect(String(body.detail)).toContain(t('validation.company.hidden'));
    expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
    const row = await env.DB.prepare('SELECT id FROM companies WHERE key = ?').bind(companyKey(company)).first();
    expect(row).toBeNull();
  });

  // look-alikes by the Unicode TR39 skeleton, refused as the operator's own name is
  it.each([
    ['a Cyrillic а', 'P\u0430lco'],
    ['a Cyrillic Р and о', '\u0420alc\u043E'],
    ['a Greek Ρ', '\u03A1ALCO'],
    ['a capital i for the l', 'PaIco'],
    ['a one for the l', 'Pa1co'],
    ['a zero for the O', 'PALC0'],
    ['a mathematical bold l', 'Pa\u{1D425}co'],
    // diacritics and letters with a stroke are folded too
    ['a breve on the a', 'P\u0103lco'],
    ['an l with stroke', 'Pa\u0142co'],
    ['a circumflex and an acute', 'P\u00E2lc\u00F3'],
    ['a capital L with stroke', 'PA\u0141CO'],
    ['a grave, composed by hand', 'Pa\u0300lco'],
    ['an l with middle dot', 'Pa\u0140co'],
    ['an l with bar', 'Pa\u019Aco'],
    ['an o with stroke', 'PALC\u00D8'],
    ['a c with stroke and an a with stroke', 'P\u2C65l\u023Co'],
    ['a P with stroke', '\u2C63ALCO'],
  ])('a company with %s that looks like the operator → 422 reserved, nothing stored', async (_name, company) => {
    const email = uniqueEmail('alike');
    const { status, body } = await register({ email, company });
    expect(status).toBe(422);
    expect(String(body.detail)).toContain(t('validation.company.reserved'));
    expect(await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
    const row = await env.DB.prepare('SELECT id FROM companies WHERE key = ?').bind(companyKey(company)).first();
    expect(row).toBeNull();
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['a spreadsheet formula', '=HYPERLINK("https://x.it","Palco")'],
    ['a name that only shares letters with the operator', 'Palco Eventi'],
    ['an Italian name with accents', 'Città Live'],
    ['a longer word with an accent', 'Pàlcoscenico'],
    ['a look-alike inside a longer name', 'Pałco Eventi'],
    ['an emoji with its variation selector', 'Amici \u2764\uFE0F Live'],
  ])('%s is plain text: accepted and stored as typed', async (_name, company) => {
    const { status, body } = await register({ company });
    expect(status).toBe(201);
    expect(body.company).toBe(company);
  });

  it('a name written another way joins the stored company (one key, one spelling)', async () => {
    const base = `Kcme Srl ${Date.now()}`;
    const first = await register({ company: base });
    expect(first.status).toBe(201);
    const kelvin = await register({ company: `\u212A${base.slice(1).toUpperCase()}` });
    expect(kelvin.status).toBe(201);
    expect(kelvin.body.company).toBe(base);
    const rows = await env.DB.prepare('SELECT company, company_key FROM users WHERE id IN (?, ?)')
      .bind(first.body.id, kelvin.body.id)
      .all<{ company: string; company_key: string }>();
    expect(new Set(rows.results.map((r) => r.company_key))).toEqual(new Set([companyKey(base)]));
    const companies = await env.DB.prepare('SELECT name FROM companies WHERE key = ?').bind(companyKey(base)).all();
    expect(companies.results).toEqual([{ name: base }]);
  });
});

describe("the operator's pages are out of reach of organisers", () => {
  it.each([
    ['no company (an account from before companies were required)', null],
    ["'palco' typed in lower case", 'palco'],
    ["'Palco' as typed", 'Palco'],
    ["'PALCO'", 'PALCO'],
  ])('%s', async (_name, company) => {
    const slug = await operatorPage();
    const organiser = await organiserWithToken({ company: 'Alfa Live' });
    // the account as an older version stored it: the name typed, its own key (or none)
    await env.DB.prepare('UPDATE users SET company = ?, company_key = ? WHERE id = ?')
      .bind(company, company === null ? null : companyKey(company), organiser.user.id)
      .run();
    expect(await reach(organiser.token, slug)).toEqual(OUT_OF_REACH);
    const still = await env.DB.prepare('SELECT visible FROM landing_pages WHERE folder_name = ?').bind(slug).first();
    expect(still).toEqual({ visible: 1 });
  });

  it('an admin who types the operator name moves a page back to the operator', async () => {
    const admin = await adminWithToken({ company: null });
    const slug = uniqueSlug('mv');
    const page = await createPage(admin.token, textPage(slug, { company: 'Gamma Live' }));
    expect(page.company).toBe('Gamma Live');
    const res = await call(pagePaths.company(slug), {
      token: admin.token,
      method: 'PATCH',
      json: { company: ' palco ' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { company: string }).company).toBe('Palco');
    const row = await env.DB.prepare('SELECT company_key FROM landing_pages WHERE folder_name = ?').bind(slug).first();
    expect(row).toEqual({ company_key: OPERATOR_COMPANY_KEY });
    const listed = (await callJson(adminPaths.companies)).body.companies as string[];
    expect(listed.map((n) => n.toLowerCase())).not.toContain('palco');
  });
});

describe('list and access agree for every spelling', () => {
  it.each([
    ['Kcme Srl', '\u212Acme Srl'],
    ['Élan Live', 'ÉLAN LIVE'],
    ['Élan Live', 'E\u0301lan live'],
    ['Straße Events', 'STRASSE EVENTS'],
    ['Acme Eventi', 'Acme   Eventi'],
  ])('page of %j, user typed %j', async (owner, typed) => {
    const stamp = ` ${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const ownerUser = await organiserWithToken({ company: owner + stamp });
    const slug = uniqueSlug('ag');
    await createPage(ownerUser.token, textPage(slug));
    const other = await organiserWithToken({ company: typed + stamp });
    const list = (await (await call(pagePaths.list, { token: other.token })).json()) as {
      folder_name: string;
    }[];
    const listed = list.some((p) => p.folder_name === slug);
    const read = (await call(pagePaths.page(slug), { token: other.token })).status;
    expect({ listed, read }).toEqual({ listed: true, read: 200 });
  });

  it('different companies stay apart in both', async () => {
    const stamp = ` ${Date.now()}`;
    const a = await organiserWithToken({ company: `Kcme Srl${stamp}` });
    const slug = uniqueSlug('ap');
    await createPage(a.token, textPage(slug));
    const b = await organiserWithToken({ company: `Kcmé Srl${stamp}` });
    const list = (await (await call(pagePaths.list, { token: b.token })).json()) as { folder_name: string }[];
    expect(list.some((p) => p.folder_name === slug)).toBe(false);
    expect((await call(pagePaths.page(slug), { token: b.token })).status).toBe(404);
  });
});

describe("an administrator's company change", () => {
  it.each([
    ['null', null, t('validation.company.required')],
    ['empty', '  ', t('validation.company.required')],
    ['the operator name', 'PALCO', t('validation.company.reserved')],
    ['a look-alike of the operator name (Cyrillic а)', 'P\u0430lco', t('validation.company.reserved')],
    ['a look-alike of the operator name (capital i)', 'PaIco', t('validation.company.reserved')],
    ['a look-alike of the operator name (l with stroke)', 'Pa\u0142co', t('validation.company.reserved')],
    ['a zero-width space', 'Delta\u200B Live', t('validation.company.hidden')],
    ['a right-to-left override', '\u202EDelta', t('validation.company.hidden')],
  ])('%s → 422', async (_name, company, reason) => {
    const { token } = await adminWithToken();
    const user = await createUser({ status: 'active', company: 'Delta Live' });
    const { status, body } = await callJson(adminPaths.company(user.id), {
      token,
      method: 'PATCH',
      json: { company },
    });
    expect(status).toBe(422);
    expect(String(body.detail)).toContain(reason);
    const row = await env.DB.prepare('SELECT company, company_key FROM users WHERE id = ?').bind(user.id).first();
    expect(row).toEqual({ company: 'Delta Live', company_key: 'delta live' });
  });

  it('stores the key with the stored spelling', async () => {
    const { token } = await adminWithToken();
    const name = `Ｅｐｓｉｌｏｎ ${Date.now()}`;
    const user = await createUser({ status: 'active', company: 'Delta Live' });
    const { status } = await callJson(adminPaths.company(user.id), {
      token,
      method: 'PATCH',
      json: { company: name },
    });
    expect(status).toBe(200);
    const row = await env.DB.prepare('SELECT company, company_key FROM users WHERE id = ?').bind(user.id).first();
    expect(row).toEqual({ company: name.normalize('NFKC'), company_key: companyKey(name) });
  });
});

describe('keys the migration could not compute are filled and merged in code', () => {
  it('fills NULL keys, merges colliding names into the oldest spelling, keeps the operator apart', async () => {
    const stamp = `${Date.now()}`;
    const kept = `Kcme Nord ${stamp}`;
    await env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, ?)').bind(kept, companyKey(kept)).run();
    // rows as the SQL migration leaves names beyond ASCII: no key yet
    await env.DB.batch([
      env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, NULL)').bind(`\u212Acme NORD ${stamp}`),
      env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, NULL)').bind(`Ünïcode Live ${stamp}`),
      env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, NULL)').bind('Ｐａｌｃｏ'),
    ]);
    const user = await createUser({ status: 'active', company: 'x' });
    await env.DB.prepare('UPDATE users SET company = ?, company_key = NULL WHERE id = ?')
      .bind(`\u212Acme  nord ${stamp}`, user.id)
      .run();
    const slug = uniqueSlug('bf');
    await env.DB.prepare(
      `INSERT INTO landing_pages (folder_name, title, title_key, company, company_key) VALUES (?, ?, ?, ?, NULL)`,
    )
      .bind(slug, slug, slug, `\u212ACME NORD ${stamp}`)
      .run();
    const opSlug = uniqueSlug('bo');
    await env.DB.prepare(
      `INSERT INTO landing_pages (folder_name, title, title_key, company, company_key) VALUES (?, ?, ?, 'Ｐａｌｃｏ', NULL)`,
    )
      .bind(opSlug, opSlug, opSlug)
      .run();

    expect(await backfillCompanyKeys(env.DB)).toBeGreaterThanOrEqual(5);
    expect(await backfillCompanyKeys(env.DB)).toBe(0);

    const companies = await env.DB.prepare(
      `SELECT name, key FROM companies WHERE name LIKE ? OR key IS NULL OR key = 'palco'`,
    )
      .bind(`%${stamp}`)
      .all();
    expect(companies.results).toEqual([
      { name: kept, key: companyKey(kept) },
      { name: `Ünïcode Live ${stamp}`, key: companyKey(`Ünïcode Live ${stamp}`) },
    ]);
    const u = await env.DB.prepare('SELECT company, company_key FROM users WHERE id = ?').bind(user.id).first();
    expect(u).toEqual({ company: kept, company_key: companyKey(kept) });
    const p = await env.DB.prepare('SELECT company, company_key FROM landing_pages WHERE folder_name = ?')
      .bind(slug)
      .first();
    expect(p).toEqual({ company: kept, company_key: companyKey(kept) });
    const op = await env.DB.prepare('SELECT company, company_key FROM landing_pages WHERE folder_name = ?')
      .bind(opSlug)
      .first();
    expect(op).toEqual({ company: 'Palco', company_key: OPERATOR_COMPANY_KEY });
  });
});

describe("an administrator's company for a page", () => {
  it.each([
    ['a zero-width space', 'Gamma\u200B Live'],
    ['a right-to-left override', '\u202EGamma Live'],
    ['a NUL byte', 'Gamma\u0000Live'],
  ])('with %s → 422 on create and on a move, the page unchanged', async (_name, company) => {
    const admin = await adminWithToken({ company: null });
    const slug = uniqueSlug('hp');
    const created = await call(pagePaths.list, { token: admin.token, json: textPage(slug, { company }) });
    expect(created.status).toBe(422);
    expect(String(((await created.json()) as { detail: string }).detail)).toContain(t('validation.company.hidden'));
    await createPage(admin.token, textPage(slug, { company: 'Gamma Live' }));
    const moved = await call(pagePaths.company(slug), {
      token: admin.token,
      method: 'PATCH',
      json: { company },
    });
    expect(moved.status).toBe(422);
    expect(String(((await moved.json()) as { detail: string }).detail)).toContain(t('validation.company.hidden'));
    const row = await env.DB.prepare('SELECT company FROM landing_pages WHERE folder_name = ?').bind(slug).first();
    expect(row).toEqual({ company: 'Gamma Live' });
    const stored = await env.DB.prepare('SELECT id FROM companies WHERE key = ?').bind(companyKey(company)).first();
    expect(stored).toBeNull();
  });

  it.each([
    ['a Cyrillic а', 'P\u0430lco'],
    ['a capital i for the l', 'PaIco'],
  ])('a look-alike of the operator name (%s) means the operator, as the exact name does', async (_name, company) => {
    const admin = await adminWithToken({ company: null });
    const slug = uniqueSlug('lp');
    await createPage(admin.token, textPage(slug, { company: 'Gamma Live' }));
    const res = await call(pagePaths.company(slug), {
      token: admin.token,
      method: 'PATCH',
      json: { company },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { company: string }).company).toBe('Palco');
    const row = await env.DB.prepare('SELECT company_key FROM landing_pages WHERE folder_name = ?').bind(slug).first();
    expect(row).toEqual({ company_key: OPERATOR_COMPANY_KEY });
    const stored = await env.DB.prepare('SELECT id FROM companies WHERE key = ?').bind(companyKey(company)).first();
    expect(stored).toBeNull();
  });
});
