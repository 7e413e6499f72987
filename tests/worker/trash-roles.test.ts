// Who may use the trash, who is told, and the hourly purge after 30 days (docs/behaviour.md#trash).
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { trashPaths } from '../../src/core/api-paths';
import { TRASH_DAYS } from '../../src/core/constants';
import { t } from '../../src/core/messages';
import { romeDayText } from '../../src/core/trash';
import worker from '../../worker/index';
import { keptKey } from '../../worker/services/media/kept-files';
import { clockAt, clockForward, realClock } from './clock';
import { adminWithToken, call, callJson, mailbox, tokenFor } from './helpers';
import {
  actsOn,
  keysUnder,
  member,
  purge,
  restore,
  stored,
  tourPage,
  trashed,
  trashList,
  trashPage,
  uniqueCompany,
} from './trash-helpers';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

afterEach(() => realClock());

/** The hourly Cron Trigger at the (moved) clock's now. */
async function hourlyJob(): Promise<void> {
  const controller = createScheduledController({ scheduledTime: Date.now(), cron: '17 * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function pageRow(id: number) {
  return env.DB.prepare('SELECT id, deleted_at FROM landing_pages WHERE id = ?').bind(id).first();
}

describe('roles', () => {
  it('an Editor and a Lettore get 403 on delete, restore and purge; a Lettore lists the trash', async () => {
    const company = uniqueCompany();
    const owner = await member(company);
    const editor = await member(company, { role: 'editor', fans_access: true });
    const viewer = await member(company, { role: 'viewer' });
    const live = await tourPage(owner);
    const gone = await tourPage(owner);
    await trashed(gone.slug, owner.token);

    for (const who of [editor, viewer]) {
      const del = await callJson(`/api/db/landing-pages/${live.slug}`, { method: 'DELETE', token: who.token });
      expect(del.status).toBe(403);
      expect(del.body.detail).toBe(t('team.forbidden.owner'));
      expect((await restore(gone.slug, who.token)).status).toBe(403);
      expect((await purge(gone.slug, who.token)).status).toBe(403);
      expect((await trashList(who.token)).map((p) => p.folder_name)).toEqual([gone.slug]);
    }
    expect((await pageRow(live.id))!.deleted_at).toBeNull();
    expect((await pageRow(gone.id))!.deleted_at).not.toBeNull();
  });

  it("another company's trashed page is 404 and not listed; a request or no session cannot list", async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    await trashed(page.slug, owner.token);
    const stranger = await member(uniqueCompany());
    expect((await restore(page.slug, stranger.token)).status).toBe(404);
    expect((await purge(page.slug, stranger.token)).status).toBe(404);
    expect(await trashList(stranger.token)).toEqual([]);

    const requested = await member(uniqueCompany(), { role: null, membership: 'requested' });
    expect((await call(trashPaths.list, { token: requested.token })).status).toBe(403);
    expect((await call(trashPaths.list)).status).toBe(401);
    expect((await pageRow(page.id))!.deleted_at).not.toBeNull();
  });

  it("an administrator lists every company's trash and may restore any page", async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    await trashed(page.slug, owner.token);
    const admin = await adminWithToken({ company: null });
    expect((await trashList(admin.token)).map((p) => p.folder_name)).toContain(page.slug);
    expect((await restore(page.slug, admin.token)).status).toBe(200);
    expect((await pageRow(page.id))!.deleted_at).toBeNull();
  });
});

describe('the e-mail to the Titolari', () => {
  it('every Titolare is told, with the page, who, until when and the link; Editors and Lettori are not', async () => {
    const company = uniqueCompany();
    const owner = await member(company, { full_name: 'Anna Neri' });
    const other = await member(company);
    const editor = await member(company, { role: 'editor' });
    const viewer = await member(company, { role: 'viewer' });
    const elsewhere = await member(uniqueCompany());
    const page = await tourPage(owner, { display_title: 'Estate Live' });
    const body = await trashed(page.slug, owner.token);

    const subject = 'Estate Live è stata spostata nel cestino da Anna Neri';
    for (const titolare of [owner, other]) {
      const mails = (await mailbox(titolare.user.email)).filter((m) => m.subject === subject);
      expect(mails).toHaveLength(1);
      const text = mails[0]!.text;
      expect(text).toContain(`/${page.slug}`);
      expect(text).toContain(owner.user.email);
      expect(text).toContain(romeDayText(body.purge_at));
      expect(mails[0]!.links.some((l) => l.endsWith('/home'))).toBe(true);
    }
    for (const notTold of [editor, viewer, elsewhere]) {
      expect((await mailbox(notTold.user.email)).some((m) => m.subject.includes('cestino'))).toBe(false);
    }
  });
});

describe('the hourly purge', () => {
  it(`deletes for ever a page trashed more than ${TRASH_DAYS} days ago, logged with no actor`, async () => {
    const owner = await member(uniqueCompany());
    const old = await tourPage(owner);
    const recent = await tourPage(owner);
    clockAt();
    await trashed(old.slug, owner.token);
    clockForward(2 * DAY_MS);
    await trashed(recent.slug, owner.token);
    expect((await trashList(owner.token)).map((p) => p.days_left)).toEqual([TRASH_DAYS, TRASH_DAYS - 2]);

    // a day short for the older one: nothing goes (a session lasts a week: a fresh one)
    clockForward((TRASH_DAYS - 3) * DAY_MS);
    await hourlyJob();
    expect(await pageRow(old.id)).not.toBeNull();
    const token = await tokenFor(owner.user);
    expect((await trashList(token)).map((p) => p.days_left)).toEqual([3, 1]);

    clockForward(DAY_MS + HOUR_MS);
    await hourlyJob();
    expect(await pageRow(old.id)).toBeNull();
    expect(await pageRow(recent.id)).not.toBeNull();
    expect(await keysUnder(`kept/${old.slug}/`)).toEqual([]);
    expect(await stored(keptKey(recent.header.slice(1)))).toBe(true);
    expect(await actsOn(old.id)).toContainEqual({ action: 'page.purged', actor_id: null });
    expect((await trashList(token)).map((p) => p.folder_name)).toEqual([recent.slug]);
  });

  it('a restored page is not purged later', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    clockAt();
    await trashed(page.slug, owner.token);
    expect((await restore(page.slug, owner.token)).status).toBe(200);
    clockForward((TRASH_DAYS + 1) * DAY_MS);
    await hourlyJob();
    expect((await pageRow(page.id))!.deleted_at).toBeNull();
  });

  it('a raw DELETE on a page already in the trash does not move its clock', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const first = await trashed(page.slug, owner.token);
    expect((await trashPage(page.slug, owner.token)).status).toBe(404);
    expect((await trashList(owner.token))[0]!.purge_at).toBe(first.purge_at);
  });
});
