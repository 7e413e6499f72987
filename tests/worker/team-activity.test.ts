// The activity log's route, asking to join again, the administrators' move with a role, and
// accounts made as before the teams migration (docs/behaviour.md#teams, #activity-log).
import { describe, expect, it } from 'vitest';
import { adminPaths, companyPaths, pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { activityAnswerSchema, memberAnswerSchema } from '../../src/core/schemas/team';
import { userActionAnswerSchema } from '../../src/core/schemas/admin';
import { userSchema } from '../../src/core/schemas/user';
import {
  adminWithToken,
  answer,
  call,
  callJson,
  createPage,
  organiserWithToken,
  textPage,
  uniqueSlug,
} from './helpers';
import { actsOf, mailsTo, member, membershipOf, uniqueCompany } from './team-helpers';

function activity(token: string, query = '') {
  return call(`${companyPaths.activity}${query}`, { token });
}

describe('GET /api/company/activity', () => {
  it("lists the company's acts, newest first, with their Italian label; filters by member and page", async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner', { full_name: 'Olga Titolare' });
    const editor = await member(company, 'editor', { full_name: 'Elio Editor' });
    const viewer = await member(company, 'viewer');
    const slugA = uniqueSlug('a');
    const slugB = uniqueSlug('b');
    await createPage(owner.token, textPage(slugA));
    await createPage(editor.token, textPage(slugB));
    await call(pagePaths.page(slugA), { method: 'PUT', token: editor.token, json: textPage(slugA) });
    await call(companyPaths.member(viewer.user.id), {
      method: 'PATCH',
      token: owner.token,
      json: { fans_access: true },
    });

    const all = await answer(await activity(viewer.token), 200, activityAnswerSchema);
    expect(all.entries.map((e) => [e.action, e.actor_name, e.page_slug])).toEqual([
      ['member.changed', 'Olga Titolare', null],
      ['page.saved', 'Elio Editor', slugA],
      ['page.created', 'Elio Editor', slugB],
      ['page.created', 'Olga Titolare', slugA],
    ]);
    expect(all.entries[0]).toMatchObject({
      text: t('activity.member.changed'),
      company,
      actor_email: owner.user.email,
    });
    expect(all.next_before).toBeNull();

    const byEditor = await answer(await activity(owner.token, `?member=${editor.user.id}`), 200, activityAnswerSchema);
    expect(byEditor.entries.map((e) => e.action)).toEqual(['page.saved', 'page.created']);
    const onA = await answer(await activity(owner.token, `?page=${slugA}`), 200, activityAnswerSchema);
    expect(onA.entries.map((e) => e.action)).toEqual(['page.saved', 'page.created']);

    // paged: limit, then before
    const first = await answer(await activity(owner.token, '?limit=3'), 200, activityAnswerSchema);
    expect(first.entries).toHaveLength(3);
    expect(first.next_before).toBe(first.entries[2]!.id);
    const rest = await answer(
      await activity(owner.token, `?before=${first.next_before}&limit=3`),
      200,
      activityAnswerSchema,
    );
    expect(rest.entries.map((e) => e.page_slug)).toEqual([slugA]);
    expect(rest.next_before).toBeNull();
  });

  it("never shows another company's acts; a request or an outsider gets 403; bad filters 422", async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    await createPage(owner.token, textPage(uniqueSlug('x')));
    const other = await member(uniqueCompany('Altra'), 'owner');
    const mine = await answer(await activity(other.token), 200, activityAnswerSchema);
    expect(mine.entries).toEqual([]);
    // ?company= is for administrators only: ignored for anyone else
    const tried = await answer(
      await activity(other.token, `?company=${encodeURIComponent(company)}`),
      200,
      activityAnswerSchema,
    );
    expect(tried.entries).toEqual([]);
    const requested = await member(company, null, { membership: 'requested' });
    expect((await activity(requested.token)).status).toBe(403);
    for (const q of ['?limit=0', '?limit=101', '?before=abc', '?member=-1']) {
      const res = await callJson(`${companyPaths.activity}${q}`, { token: owner.token });
      expect(res.status, q).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it("an administrator sees every company's acts, or one company's with ?company=", async () => {
    const admin = await adminWithToken();
    const c1 = uniqueCompany();
    const c2 = uniqueCompany();
    const o1 = await member(c1, 'owner');
    const o2 = await member(c2, 'owner');
    const s1 = uniqueSlug('c');
    const s2 = uniqueSlug('d');
    await createPage(o1.token, textPage(s1));
    await createPage(o2.token, textPage(s2));
    const all = await answer(await activity(admin.token, '?limit=100'), 200, activityAnswerSchema);
    const slugs = all.entries.map((e) => e.page_slug);
    expect(slugs).toContain(s1);
    expect(slugs).toContain(s2);
    const one = await answer(
      await activity(admin.token, `?company=${encodeURIComponent(c1)}`),
      200,
      activityAnswerSchema,
    );
    expect(one.entries.map((e) => e.page_slug)).toEqual([s1]);
  });
});

describe('POST /api/company/request', () => {
  it('a removed account asks again: a request, and each Titolare is e-mailed', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const gone = await member(company, null, { full_name: 'Piero Partito' });
    const { member: asked } = await answer(
      await call(companyPaths.request, { method: 'POST', token: gone.token, settle: true }),
      200,
      memberAnswerSchema,
    );
    expect(asked).toMatchObject({ id: gone.user.id, membership: 'requested', role: null });
    const [mail] = await mailsTo(owner.user.email);
    expect(mail?.text).toContain('Piero Partito');
    expect(mail?.text).toContain(gone.user.email);
    const again = await callJson(companyPaths.request, { method: 'POST', token: gone.token });
    expect(again).toMatchObject({ status: 409, body: { detail: t('members.alreadyRequested') } });
    const already = await callJson(companyPaths.request, { method: 'POST', token: owner.token });
    expect(already).toMatchObject({ status: 409, body: { detail: t('members.alreadyMember') } });
  });

  it('an account not yet active cannot ask (403)', async () => {
    const pending = await organiserWithToken({ status: 'pending', company: uniqueCompany() });
    expect((await call(companyPaths.request, { method: 'POST', token: pending.token })).status).toBe(403);
  });
});

describe('the administrators', () => {
  it('move an account to another company as a member with the role picked (Editor by default)', async () => {
    const admin = await adminWithToken();
    const from = uniqueCompany('Da');
    const to = uniqueCompany('A');
    const toOwner = await member(to, 'owner');
    const slug = uniqueSlug('mv');
    await createPage(toOwner.token, textPage(slug));
    const user = await member(from, 'owner');
    const moved = await answer(
      await call(adminPaths.company(user.user.id), { method: 'PATCH', token: admin.token, json: { company: to } }),
      200,
      userActionAnswerSchema,
    );
    expect(moved.user).toMatchObject({ company: to, membership: 'member', company_role: 'editor', fans_access: false });
    // the new company's log says how they came
    expect((await actsOf(to)).filter((a) => a.action === 'member.accepted')).toMatchObject([
      { target_user_id: user.user.id, summary: 'spostato qui da un amministratore, come Editor · Dati dei fan: no' },
    ]);
    // a member there from the next request: saves, but the fans stay closed
    expect((await call(pagePaths.page(slug), { method: 'PUT', token: user.token, json: textPage(slug) })).status).toBe(
      200,
    );
    const viewer = await answer(
      await call(adminPaths.company(user.user.id), {
        method: 'PATCH',
        token: admin.token,
        json: { company: to, role: 'viewer' },
      }),
      200,
      userActionAnswerSchema,
    );
    expect(viewer.user).toMatchObject({ company_role: 'viewer' });
    const owner = await answer(
      await call(adminPaths.company(user.user.id), {
        method: 'PATCH',
        token: admin.token,
        json: { company: from, role: 'owner', fans_access: false },
      }),
      200,
      userActionAnswerSchema,
    );
    expect(owner.user).toMatchObject({ company: from, company_role: 'owner', fans_access: true });
    // within the same company, what is not said stays as it is: the fans right alone keeps the role
    const kept = await answer(
      await call(adminPaths.company(user.user.id), {
        method: 'PATCH',
        token: admin.token,
        json: { company: from, fans_access: true },
      }),
      200,
      userActionAnswerSchema,
    );
    expect(kept.user).toMatchObject({ company_role: 'owner' });
    const bad = await callJson(adminPaths.company(user.user.id), {
      method: 'PATCH',
      token: admin.token,
      json: { company: to, role: 'capo' },
    });
    expect(bad.status).toBe(422);
  });

  it('accept a request of any company with a role', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    await member(company, 'owner');
    const requested = await member(company, null, { membership: 'requested' });
    const res = await answer(
      await call(companyPaths.accept(requested.user.id), { token: admin.token, json: { role: 'viewer' } }),
      200,
      memberAnswerSchema,
    );
    expect(res.member).toMatchObject({ role: 'viewer', fans_access: false });
  });
});

describe('accounts as before the teams migration', () => {
  it('an account made the old way (no role given) is its Titolare: /users/me says so, and it reaches its pages', async () => {
    const old = await organiserWithToken({ company: uniqueCompany('Storica') });
    const me = userSchema.parse((await callJson('/users/me', { token: old.token })).body);
    expect(me).toMatchObject({ company_role: 'owner', fans_access: true, membership: 'member' });
    const slug = uniqueSlug('old');
    await createPage(old.token, textPage(slug));
    expect((await call(pagePaths.page(slug), { method: 'PUT', token: old.token, json: textPage(slug) })).status).toBe(
      200,
    );
    expect(await membershipOf(old.user.id)).toMatchObject({ company_role: 'owner', membership: 'member' });
  });

  it('/users/me of a pending account: no role, no membership yet', async () => {
    const pending = await organiserWithToken({ status: 'pending', company: uniqueCompany() });
    const me = userSchema.parse((await callJson('/users/me', { token: pending.token })).body);
    expect(me).toMatchObject({ company_role: null, fans_access: false, membership: null });
  });
});
