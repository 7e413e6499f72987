// Helpers for the trash tests (trash-*.test.ts, docs/behaviour.md#trash): a company's Titolare
// with a published tour page that has an uploaded header, an extra kept file, fans, views and
// clicks; and the trash's routes.
import { env } from 'cloudflare:test';
import { pagePaths, trashPaths } from '../../src/core/api-paths';
import { pageDeletedSchema, pageListItemSchema } from '../../src/core/schemas/page';
import { headerUploadAnswerSchema } from '../../src/core/schemas/uploads';
import { trashListSchema, trashPurgedSchema } from '../../src/core/schemas/trash';
import { fanEmail, seedFan, uniqueCompany } from './fans-owner-helpers';
import {
  answer,
  call,
  createPage,
  eventButton,
  organiserWithToken,
  type NewUser,
  type TestUser,
  textPage,
  uniqueSlug,
} from './helpers';
import { PNG } from './media-fixtures';
import { form } from './uploads-helpers';
import { seed, today } from './stats-api-helpers';

export { uniqueCompany };

/** A member of `company` with a session (a Titolare unless told). */
export function member(company: string, opts: NewUser = {}): Promise<TestUser> {
  return organiserWithToken({ company, full_name: `Persona ${uniqueSlug('n')}`, ...opts });
}

export interface TourPage {
  slug: string;
  id: number;
  title: string;
  buttons: number[];
  /** the uploaded header's path (/dati/{slug}/…) */
  header: string;
  fans: number[];
}

/**
 * A published tour page of the owner's company: an uploaded header, two events, two confirmed
 * fans and one waiting, views and clicks in the lifetime totals and in the statistics.
 */
export async function tourPage(owner: TestUser, extra: Record<string, unknown> = {}): Promise<TourPage> {
  const slug = uniqueSlug('cest');
  const title = `Tour ${slug}`;
  const buttons = [
    eventButton('12/05/2099 - Milano - Alcatraz|biglietti'),
    eventButton('13/05/2099 - Roma - Atlantico|biglietti'),
  ];
  const page = await createPage(owner.token, { ...textPage(slug), title, header: '', buttons, ...extra });
  const upload = await call(pagePaths.headerUpload(slug), { token: owner.token, body: form('image', PNG) });
  const { path } = headerUploadAnswerSchema.parse(await upload.json());
  const ids = page.buttons.sort((a, b) => a.position - b.position).map((b) => b.id);
  const fans = [
    await seedFan(page.id, fanEmail('cest')),
    await seedFan(page.id, fanEmail('cest'), { cities: ['Roma'] }),
    await seedFan(page.id, fanEmail('cest'), { confirmed_at: null }),
  ];
  await env.DB.prepare('UPDATE landing_pages SET view_page = 321 WHERE id = ?').bind(page.id).run();
  await env.DB.prepare('UPDATE buttons SET click_count = 7 WHERE id = ?').bind(ids[0]).run();
  await seed(page.id, [
    { day: today(), views: 12, signups: 1 },
    { day: today(), button_id: ids[0], clicks: 5 },
  ]);
  return { slug, id: page.id, title, buttons: ids, header: path, fans };
}

export function trashPage(slug: string, token: string, settle = true): Promise<Response> {
  return call(pagePaths.page(slug), { method: 'DELETE', token, settle });
}

/** Moves the page to the trash and checks the answer. */
export async function trashed(slug: string, token: string) {
  return answer(await trashPage(slug, token), 200, pageDeletedSchema);
}

export function restore(slug: string, token: string): Promise<Response> {
  return call(trashPaths.restore(slug), { method: 'POST', token });
}

export async function restored(slug: string, token: string) {
  return answer(await restore(slug, token), 200, pageListItemSchema);
}

export function purge(slug: string, token: string): Promise<Response> {
  return call(trashPaths.purge(slug), { method: 'DELETE', token });
}

export async function purged(slug: string, token: string) {
  return answer(await purge(slug, token), 200, trashPurgedSchema);
}

export async function trashList(token: string) {
  return (await answer(await call(trashPaths.list, { token }), 200, trashListSchema)).pages;
}

/** Whether R2 holds an object at this key. */
export async function stored(key: string): Promise<boolean> {
  return (await env.BUCKET.head(key)) !== null;
}

/** Every key R2 holds under a prefix. */
export async function keysUnder(prefix: string): Promise<string[]> {
  return (await env.BUCKET.list({ prefix })).objects.map((o) => o.key);
}

/** The activity log's actions on a page, oldest first. */
export async function actsOn(pageId: number): Promise<Array<{ action: string; actor_id: number | null }>> {
  const { results } = await env.DB.prepare('SELECT action, actor_id FROM activity_log WHERE page_id = ? ORDER BY id')
    .bind(pageId)
    .all<{ action: string; actor_id: number | null }>();
  return results;
}

/** The status of a public GET. */
export async function statusOf(path: string): Promise<number> {
  const res = await call(path);
  await res.arrayBuffer();
  return res.status;
}
