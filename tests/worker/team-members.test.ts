// Managing the team (docs/behaviour.md#teams): accept, refuse, change and remove, by every role;
// the last Titolare; a removal or a demotion holds from the member's very next request.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { changeMemberStatement, removeMemberStatement } from '../../worker/db/members';
import { companyPaths, pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { memberAnswerSchema, membersAnswerSchema } from '../../src/core/schemas/team';
import { adminWithToken, answer, call, callJson, createPage, type TestUser, textPage, uniqueSlug } from './helpers';
import { actsOf, member, membershipOf, uniqueCompany } from './team-helpers';

/** A company with a Titolare, an Editor, a Lettore and a request, plus a Titolare of another company. */
async function team() {
  const company = uniqueCompany();
  const owner = await member(company, 'owner', { full_name: 'Olga Titolare' });
  const editor = await member(company, 'editor', { full_name: 'Elio Editor' });
  const viewer = await member(company, 'viewer', { full_name: 'Lia Lettrice' });
  const requested = await member(company, null, { membership: 'requested', full_name: 'Rita Richiesta' });
  const outsider = await member(uniqueCompany('Altra'), 'owner');
  return { company, owner, editor, viewer, requested, outsider };
}

/** A page save with the given session: the status it answers. */
async function save(who: TestUser, slug: string): Promise<number> {
  const res = await call(pagePaths.page(slug), { method: 'PUT', token: who.token, json: textPage(slug) });
  return res.status;
}

describe('the members list', () => {
  it('lists members, requests and pending invitations; can_manage only for a Titolare', async () => {
    const { company, owner, editor, viewer, requested } = await team();
    const list = await answer(await call(companyPaths.members, { token: owner.token }), 200, membersAnswerSchema);
    expect(list.company).toBe(company);
    expect(list.can_manage).toBe(true);
    expect(list.members.map((m) => [m.id, m.role, m.fans_access])).toEqual([
      [owner.user.id, 'owner', true],
      [editor.user.id, 'editor', false],
      [viewer.user.id, 'viewer', false],
    ]);
    expect(list.requests).toEqual([
      expect.objectContaining({
        id: requested.user.id,
        role: null,
        membership: 'requested',
        email: requested.user.email,
      }),
    ]);
    for (const who of [editor, viewer]) {
      const seen = await answer(await call(companyPaths.members, { token: who.token }), 200, membersAnswerSchema);
      expect(seen.can_manage).toBe(false);
      expect(seen.members).toHaveLength(3);
    }
    expect((await callJson(companyPaths.members, { token: requested.token })).body).toEqual({
      detail: t('team.forbidden.notMember'),
    });
    expect((await call(companyPaths.members)).status).toBe(401);
  });

  it('an administrator reads any company with ?company=; a name nobody uses lists an empty team', async () => {
    const { company, owner } = await team();
    const admin = await adminWithToken();
    const list = await answer(
      await call(`${companyPaths.members}?company=${encodeURIComponent(company.toUpperCase())}`, {
        token: admin.token,
      }),
      200,
      membersAnswerSchema,
    );
    expect(list.members[0]?.id).toBe(owner.user.id);
    expect(list.can_manage).toBe(true);
    const none = await answer(
      await call(`${companyPaths.members}?company=Nessuna%20Ditta%20Mai`, { token: admin.token }),
      200,
      membersAnswerSchema,
    );
    expect(none).toMatchObject({ members: [], requests: [], invitations: [] });
  });
});

describe('accept and refuse', () => {
  it('a Titolare accepts a request with a role: it reaches the pages from its next request', async () => {
    const { company, owner, requested } = await team();
    const slug = uniqueSlug('acc');
    await createPage(owner.token, textPage(slug));
    expect((await call(pagePaths.page(slug), { token: requested.token })).status).toBe(404);
    const { member: joined } = await answer(
      await call(companyPaths.accept(requested.user.id), {
        token: owner.token,
        json: { role: 'editor', fans_access: true },
      }),
      200,
      memberAnswerSchema,
    );
    expect(joined).toMatchObject({ role: 'editor', fans_access: true, membership: 'member' });
    expect(await save(requested, slug)).toBe(200);
    const me = await callJson('/users/me', { token: requested.token });
    expect(me.body).toMatchObject({ company_role: 'editor', fans_access: true, membership: 'member' });
    // accepting twice: the request no longer waits
    const again = await callJson(companyPaths.accept(requested.user.id), {
      token: owner.token,
      json: { role: 'viewer' },
    });
    expect(again).toMatchObject({ status: 409, body: { detail: t('members.notRequested') } });
    const [act] = (await actsOf(company)).filter((a) => a.action === 'member.accepted');
    expect(act).toMatchObject({
      actor_id: owner.user.id,
      target_user_id: requested.user.id,
      target_name: 'Rita Richiesta',
    });
  });

  it('a Titolare refuses: the account stays outside (pages 404), of its company', async () => {
    const { company, owner, requested } = await team();
    const res = await callJson(companyPaths.refuse(requested.user.id), { method: 'POST', token: owner.token });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await membershipOf(requested.user.id)).toMatchObject({
      membership: null,
      company_role: null,
      fans_access: 0,
    });
    const me = await callJson('/users/me', { token: requested.token });
    expect(me.body).toMatchObject({ company, membership: null, company_role: null });
    expect((await actsOf(company)).map((a) => a.action)).toContain('member.refused');
  });

  it('Editor, Lettore and a request get 403; another company 404; an administrator may', async () => {
    const { editor, viewer, requested, outsider } = await team();
    for (const who of [editor, viewer, requested]) {
      expect(
        (await callJson(companyPaths.accept(requested.user.id), { token: who.token, json: { role: 'viewer' } })).status,
      ).toBe(403);
      expect(
        (await callJson(companyPaths.refuse(requested.user.id), { method: 'POST', token: who.token })).status,
      ).toBe(403);
    }
    const stranger = await callJson(companyPaths.accept(requested.user.id), {
      token: outsider.token,
      json: { role: 'viewer' },
    });
    expect(stranger).toMatchObject({ status: 404, body: { detail: t('members.notFound') } });
    expect(
      (await callJson(companyPaths.refuse(requested.user.id), { method: 'POST', token: outsider.token })).status,
    ).toBe(404);
    expect(
      (await callJson(companyPaths.accept(999_999_999), { token: outsider.token, json: { role: 'viewer' } })).status,
    ).toBe(404);
    const admin = await adminWithToken();
    expect(
      (await callJson(companyPaths.refuse(requested.user.id), { method: 'POST', token: admin.token })).status,
    ).toBe(200);
  });

  it('bad bodies and ids are 422', async () => {
    const { owner, requested } = await team();
    for (const json of [{}, { role: 'capo' }, { role: 'editor', fans_access: 'sì' }]) {
      expect((await callJson(companyPaths.accept(requested.user.id), { token: owner.token, json })).status).toBe(422);
    }
    expect(
      (await callJson('/api/company/members/abc/accept', { token: owner.token, json: { role: 'viewer' } })).status,
    ).toBe(422);
    expect(
      (await callJson(companyPaths.member(requested.user.id), { method: 'PATCH', token: owner.token, json: {} }))
        .status,
    ).toBe(422);
  });
});

describe('change and remove', () => {
  it('a demotion holds from the very next request: a page save with the old token is 403', async () => {
    const { company, owner, editor } = await team();
    const slug = uniqueSlug('dem');
    await createPage(owner.token, textPage(slug));
    expect(await save(editor, slug)).toBe(200);
    const { member: changed } = await answer(
      await call(companyPaths.member(editor.user.id), {
        method: 'PATCH',
        token: owner.token,
        json: { role: 'viewer' },
      }),
      200,
      memberAnswerSchema,
    );
    expect(changed.role).toBe('viewer');
    const refused = await callJson(pagePaths.page(slug), { method: 'PUT', token: editor.token, json: textPage(slug) });
    expect(refused).toMatchObject({ status: 403, body: { detail: t('team.forbidden.write') } });
    // still reads
    expect((await call(pagePaths.page(slug), { token: editor.token })).status).toBe(200);
    const [act] = (await actsOf(company)).filter((a) => a.action === 'member.changed');
    expect(act?.summary).toBe('Editor · Dati dei fan: no → Lettore');
  });

  it('a removal holds from the very next request: the same token reaches no page (404)', async () => {
    const { company, owner, editor } = await team();
    const slug = uniqueSlug('rem');
    await createPage(owner.token, textPage(slug));
    expect(await save(editor, slug)).toBe(200);
    const res = await callJson(companyPaths.member(editor.user.id), { method: 'DELETE', token: owner.token });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await save(editor, slug)).toBe(404);
    expect((await call(pagePaths.page(slug), { token: editor.token })).status).toBe(404);
    expect(await membershipOf(editor.user.id)).toMatchObject({ membership: null, company_role: null, fans_access: 0 });
    const me = await callJson('/users/me', { token: editor.token });
    expect(me.body).toMatchObject({
      company,
      status: 'active',
      membership: null,
      company_role: null,
      fans_access: false,
    });
    // removing again: not a member
    expect((await callJson(companyPaths.member(editor.user.id), { method: 'DELETE', token: owner.token })).status).toBe(
      409,
    );
  });

  it('the fans right alone can change; a Titolare always keeps it', async () => {
    const { owner, editor } = await team();
    const up = await answer(
      await call(companyPaths.member(editor.user.id), {
        method: 'PATCH',
        token: owner.token,
        json: { fans_access: true },
      }),
      200,
      memberAnswerSchema,
    );
    expect(up.member).toMatchObject({ role: 'editor', fans_access: true });
    const self = await callJson(companyPaths.member(owner.user.id), {
      method: 'PATCH',
      token: owner.token,
      json: { fans_access: false },
    });
    expect(self.body.member).toMatchObject({ role: 'owner', fans_access: true });
  });

  it('the last Titolare cannot be demoted or removed (409); with a second one it can', async () => {
    const { company, owner, editor } = await team();
    const demote = await callJson(companyPaths.member(owner.user.id), {
      method: 'PATCH',
      token: owner.token,
      json: { role: 'editor' },
    });
    expect(demote).toMatchObject({ status: 409, body: { detail: t('members.lastOwner') } });
    const remove = await callJson(companyPaths.member(owner.user.id), { method: 'DELETE', token: owner.token });
    expect(remove).toMatchObject({ status: 409, body: { detail: t('members.lastOwner') } });
    // a refused change leaves no trace in the activity log
    expect((await actsOf(company)).map((a) => a.action)).toEqual([]);
    await answer(
      await call(companyPaths.member(editor.user.id), { method: 'PATCH', token: owner.token, json: { role: 'owner' } }),
      200,
      memberAnswerSchema,
    );
    const now = await callJson(companyPaths.member(owner.user.id), {
      method: 'PATCH',
      token: editor.token,
      json: { role: 'viewer' },
    });
    expect(now.status).toBe(200);
  });

  it('two Titolari demoting each other at once still leave one', async () => {
    const company = uniqueCompany();
    const a = await member(company, 'owner');
    const b = await member(company, 'owner');
    const [ra, rb] = await Promise.all([
      callJson(companyPaths.member(b.user.id), { method: 'PATCH', token: a.token, json: { role: 'editor' } }),
      callJson(companyPaths.member(a.user.id), { method: 'PATCH', token: b.token, json: { role: 'editor' } }),
    ]);
    // the loser is refused either by the check (no longer a Titolare: 403) or by the guard (409)
    expect(ra.status === 200 ? rb.status : ra.status).toBeOneOf([403, 409]);
    expect([ra.status, rb.status]).toContain(200);
    const roles = [(await membershipOf(a.user.id))!.company_role, (await membershipOf(b.user.id))!.company_role];
    expect(roles.sort()).toEqual(['editor', 'owner']);
    // and two removing each other
    const c = await member(company, 'owner');
    const owner = roles[0] === 'owner' ? a : b;
    const [rc, ro] = await Promise.all([
      callJson(companyPaths.member(c.user.id), { method: 'DELETE', token: owner.token }),
      callJson(companyPaths.member(owner.user.id), { method: 'DELETE', token: c.token }),
    ]);
    expect(rc.status === 200 ? ro.status : rc.status).toBeOneOf([403, 404, 409]);
    expect([rc.status, ro.status]).toContain(200);
  });

  it('the guard is inside the statement: both removals applied in one go leave one Titolare', async () => {
    const company = uniqueCompany();
    const a = await member(company, 'owner');
    const b = await member(company, 'owner');
    // as if both requests had passed their checks before either wrote
    const [ra, rb] = await env.DB.batch([
      removeMemberStatement(env.DB, a.user.id),
      removeMemberStatement(env.DB, b.user.id),
    ]);
    expect([ra!.meta.changes, rb!.meta.changes]).toEqual([1, 0]);
    const c = await member(company, 'owner');
    const [rc, rd] = await env.DB.batch([
      changeMemberStatement(env.DB, b.user.id, { role: 'owner', fans_access: 1 }, { role: 'viewer', fans: false }),
      changeMemberStatement(env.DB, c.user.id, { role: 'owner', fans_access: 1 }, { role: 'editor', fans: true }),
    ]);
    expect([rc!.meta.changes, rd!.meta.changes]).toEqual([1, 0]);
    expect(await membershipOf(c.user.id)).toMatchObject({ company_role: 'owner', membership: 'member' });
  });

  it('Editor, Lettore and a request get 403; another company 404; an administrator may', async () => {
    const { owner, editor, viewer, requested, outsider } = await team();
    for (const who of [editor, viewer, requested]) {
      const patch = await callJson(companyPaths.member(viewer.user.id), {
        method: 'PATCH',
        token: who.token,
        json: { role: 'editor' },
      });
      expect(patch.status).toBe(403);
      expect((await callJson(companyPaths.member(viewer.user.id), { method: 'DELETE', token: who.token })).status).toBe(
        403,
      );
    }
    expect(
      (
        await callJson(companyPaths.member(viewer.user.id), {
          method: 'PATCH',
          token: outsider.token,
          json: { role: 'owner' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callJson(companyPaths.member(owner.user.id), { method: 'DELETE', token: outsider.token })).status,
    ).toBe(404);
    const admin = await adminWithToken();
    const patched = await callJson(companyPaths.member(viewer.user.id), {
      method: 'PATCH',
      token: admin.token,
      json: { role: 'editor' },
    });
    expect(patched.body.member).toMatchObject({ role: 'editor' });
    expect((await callJson(companyPaths.member(viewer.user.id), { method: 'DELETE', token: admin.token })).status).toBe(
      200,
    );
  });
});
