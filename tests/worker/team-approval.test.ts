// The approval rule (docs/behaviour.md#teams): a new company's first account becomes its
// Titolare; a later one asks to join, and each Titolare is e-mailed; a company without a
// Titolare waits for an administrator.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { companyPaths, pagePaths } from '../../src/core/api-paths';
import { companyKey } from '../../src/core/company';
import { memberAnswerSchema } from '../../src/core/schemas/team';
import { adminWithToken, answer, call, callJson, createPage, textPage, uniqueSlug } from './helpers';
import {
  actsOf,
  activate,
  approve,
  mailsTo,
  member,
  membershipOf,
  registerAccount,
  uniqueCompany,
} from './team-helpers';

describe('approval decides the membership', () => {
  it('the first account of a new company becomes its Titolare, with the fans right and a since date', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const { id } = await registerAccount(company);
    const user = await approve(admin, id);
    expect(user).toMatchObject({ membership: 'member', company_role: 'owner', fans_access: true });
    const row = await membershipOf(id);
    expect(row).toMatchObject({ membership: 'member', company_role: 'owner', fans_access: 1 });
    expect(Date.parse(row!.member_since!)).not.toBeNaN();
    // the company's log begins with its Titolare, let in by the administrator
    expect(await actsOf(company)).toMatchObject([
      { action: 'member.accepted', actor_id: admin.user.id, target_user_id: id, summary: 'Titolare' },
    ]);
    // once active, the Titolare reaches the company's pages
    const token = await activate(id);
    const slug = uniqueSlug('own');
    await createPage(token, textPage(slug));
  });

  it('a later account of the company is a request, and every Titolare is e-mailed naming the requester', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const first = await member(company, 'owner', { full_name: 'Anna Titolare' });
    const second = await member(company, 'owner', { full_name: 'Bruno Titolare' });
    const editor = await member(company, 'editor');
    const { id, email } = await registerAccount(company, { full_name: 'Carla Richiesta' });
    const user = await approve(admin, id);
    expect(user).toMatchObject({ membership: 'requested', company_role: null, fans_access: false });

    for (const owner of [first.user, second.user]) {
      const [mail] = await mailsTo(owner.email);
      expect(mail?.subject).toContain('Carla Richiesta');
      expect(mail?.text).toContain(email);
      expect(mail?.text).toContain('Carla Richiesta');
      expect(mail?.links).toEqual([expect.stringMatching(/^http:\/\/localhost(:\d+)?\/team$/)]);
    }
    expect(await mailsTo(editor.user.email)).toEqual([]);

    // active, yet none of the company's pages: 404 as for a stranger; the team list is 403
    const slug = uniqueSlug('req');
    await createPage(first.token, textPage(slug));
    const token = await activate(id);
    expect((await call(pagePaths.page(slug), { token })).status).toBe(404);
    expect((await call(companyPaths.members, { token })).status).toBe(403);
    const me = await callJson('/users/me', { token });
    expect(me.body).toMatchObject({ membership: 'requested', company_role: null, fans_access: false });
  });

  it('a company that exists only through a page (even a trashed one) is no new company', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    await env.DB.prepare(
      `INSERT INTO landing_pages (folder_name, title, title_key, company, company_key, deleted_at)
       VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    )
      .bind(uniqueSlug('gone'), `Vecchia ${company}`, `vecchia ${company}`.toLowerCase(), company, companyKey(company))
      .run();
    const { id } = await registerAccount(company);
    expect(await approve(admin, id)).toMatchObject({ membership: 'requested' });
  });

  it('a company with no Titolare: the request waits for an administrator, who accepts it with a role', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const editor = await member(company, 'editor');
    const { id } = await registerAccount(company);
    expect(await approve(admin, id)).toMatchObject({ membership: 'requested' });
    // nobody to hand it to: no e-mail at all about it
    expect(await mailsTo(editor.user.email)).toEqual([]);
    // the editor cannot accept it
    const refused = await callJson(companyPaths.accept(id), { token: editor.token, json: { role: 'owner' } });
    expect(refused.status).toBe(403);
    // an administrator can
    const { member: accepted } = await answer(
      await call(companyPaths.accept(id), { token: admin.token, json: { role: 'owner', fans_access: true } }),
      200,
      memberAnswerSchema,
    );
    expect(accepted).toMatchObject({ id, role: 'owner', fans_access: true, membership: 'member' });
  });

  it('approving an approved account again keeps the membership it was given', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const { id } = await registerAccount(company);
    await approve(admin, id);
    const before = await membershipOf(id);
    // another account joins meanwhile: approving again must not turn the Titolare into a request
    await member(company, 'owner');
    expect(await approve(admin, id)).toMatchObject({ membership: 'member', company_role: 'owner' });
    expect(await membershipOf(id)).toEqual(before);
  });

  it('two first accounts approved at once: one Titolare, one request', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const a = await registerAccount(company);
    const b = await registerAccount(company);
    const [ua, ub] = await Promise.all([approve(admin, a.id), approve(admin, b.id)]);
    expect([ua.membership, ub.membership].sort()).toEqual(['member', 'requested']);
  });

  it('a rejected account takes no membership', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const { id } = await registerAccount(company);
    const { status } = await callJson(`/api/admin/users/${id}/approve`, {
      token: admin.token,
      json: { action: 'reject' },
      settle: true,
    });
    expect(status).toBe(200);
    expect(await membershipOf(id)).toMatchObject({ membership: null, company_role: null });
  });
});
