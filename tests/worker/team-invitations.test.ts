// Invitations (docs/behaviour.md#teams): a Titolare invites an address with a role; the link is
// single use, 7 days, bound to that address, revocable; the registration that carries it still
// waits for the administrators' approval, then joins with that role, no request.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPaths, companyPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { invitationAnswerSchema, lookupAnswerSchema, membersAnswerSchema } from '../../src/core/schemas/team';
import { usersPageSchema } from '../../src/core/schemas/admin';
import { adminWithToken, answer, call, callJson, createUser, PASSWORD, rowOf, uniqueEmail } from './helpers';
import { clockAt, clockForward, realClock } from './clock';
import { redactTokens } from '../../worker/services/mail';
import { actsOf, approve, mailsTo, member, registerAccount, uniqueCompany } from './team-helpers';

afterEach(realClock);

/** The owner invites `email`; answers the invitation and the token the e-mail carried. */
async function invite(token: string, email: string, role = 'editor', fans_access = false) {
  const { invitation } = await answer(
    await call(companyPaths.invitations, { token, json: { email, role, fans_access }, settle: true }),
    201,
    invitationAnswerSchema,
  );
  const [mail] = await mailsTo(email.toLowerCase());
  const link = new URL(mail!.links.find((l) => l.includes('/signup?invito='))!);
  return { invitation, token: link.searchParams.get('invito')! };
}

function register(email: string, company: string, invitation: string) {
  return callJson('/auth/register', {
    json: { email, password: PASSWORD, full_name: 'Ivo Invitato', company, invitation },
  });
}

describe('invitations', () => {
  it('happy path: the invitee registers with the link, the admin approves, they join with the role', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const owner = await member(company, 'owner', { full_name: 'Olga Titolare' });
    const email = uniqueEmail('invitato');
    const { invitation, token } = await invite(owner.token, email.toUpperCase(), 'editor', true);
    expect(invitation).toMatchObject({ email, role: 'editor', fans_access: true, invited_by_name: 'Olga Titolare' });
    // only the SHA-256 is stored
    const stored = await env.DB.prepare('SELECT token_hash FROM company_invitations WHERE id = ?')
      .bind(invitation.id)
      .first<{ token_hash: string }>();
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);

    // the signup form reads what to fill in, without a login
    const lookup = await answer(await call(companyPaths.lookup(token)), 200, lookupAnswerSchema);
    expect(lookup).toEqual({ company, email, role: 'editor' });
    // the team lists it as pending
    const team = await answer(await call(companyPaths.members, { token: owner.token }), 200, membersAnswerSchema);
    expect(team.invitations.map((i) => i.id)).toEqual([invitation.id]);

    // the company typed is ignored: the invitation's wins; the address matches ignoring case
    const reg = await register(email.toUpperCase(), 'Altra Ditta Qualsiasi', token);
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect(reg.body).toMatchObject({ company, status: 'pending', membership: null });
    expect((await rowOf(reg.body.id))!.invitation_id).toBe(invitation.id);

    // the administrators' list says who invited the account
    const list = await answer(
      await call(`${adminPaths.allUsers}?q=${encodeURIComponent(email)}`, { token: admin.token }),
      200,
      usersPageSchema,
    );
    expect(list.users[0]).toMatchObject({ id: reg.body.id, invited_by_name: 'Olga Titolare' });

    const approved = await approve(admin, reg.body.id);
    expect(approved).toMatchObject({ membership: 'member', company_role: 'editor', fans_access: true });
    // no request: the Titolare got no request e-mail
    expect((await mailsTo(owner.user.email)).filter((m) => m.subject.includes('chiede'))).toEqual([]);
    // used: no longer pending
    const after = await answer(await call(companyPaths.members, { token: owner.token }), 200, membersAnswerSchema);
    expect(after.invitations).toEqual([]);
    expect(after.members.find((m) => m.id === reg.body.id)).toMatchObject({ invited_by_name: 'Olga Titolare' });
    // the company's log says who joined, and how
    const joined = (await actsOf(company)).filter((a) => a.action === 'member.accepted');
    expect(joined).toMatchObject([
      {
        actor_id: admin.user.id,
        target_user_id: reg.body.id,
        summary: 'entrato con un invito, come Editor · Dati dei fan: sì',
      },
    ]);
  });

  it('a used token: 422 on a second registration, 410 on lookup', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const email = uniqueEmail('due');
    const { token } = await invite(owner.token, email);
    expect((await register(email, company, token)).status).toBe(201);
    await env.DB.prepare('DELETE FROM users WHERE email = ?').bind(email).run();
    const again = await register(email, company, token);
    expect(again).toMatchObject({ status: 422, body: { detail: t('invitations.used') } });
    expect(await callJson(companyPaths.lookup(token))).toMatchObject({
      status: 410,
      body: { detail: t('invitations.used') },
    });
  });

  it('an expired token (7 days, moved clock) is refused', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const email = uniqueEmail('tardi');
    clockAt();
    const { token } = await invite(owner.token, email);
    clockForward(7 * 24 * 60 * 60 * 1000 - 60_000);
    expect((await callJson(companyPaths.lookup(token))).status).toBe(200);
    clockForward(2 * 60_000);
    expect(await callJson(companyPaths.lookup(token))).toMatchObject({
      status: 410,
      body: { detail: t('invitations.expired') },
    });
    expect(await register(email, company, token)).toMatchObject({
      status: 422,
      body: { detail: t('invitations.expired') },
    });
  });

  it('a token for another address is refused, and stays usable by its own address', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const email = uniqueEmail('giusto');
    const { token } = await invite(owner.token, email);
    const other = await register(uniqueEmail('sbagliato'), company, token);
    expect(other).toMatchObject({ status: 422, body: { detail: t('invitations.otherAddress') } });
    expect((await register(email, company, token)).status).toBe(201);
  });

  it('a revoked token is refused; revoking twice is 409; an unknown or malformed token 404/422', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const email = uniqueEmail('revocato');
    const { invitation, token } = await invite(owner.token, email);
    const revoked = await callJson(companyPaths.invitation(invitation.id), { method: 'DELETE', token: owner.token });
    expect(revoked).toMatchObject({ status: 200, body: { success: true } });
    expect(
      (await callJson(companyPaths.invitation(invitation.id), { method: 'DELETE', token: owner.token })).status,
    ).toBe(409);
    expect(await register(email, company, token)).toMatchObject({
      status: 422,
      body: { detail: t('invitations.revoked') },
    });
    expect(await callJson(companyPaths.lookup('x'.repeat(43)))).toMatchObject({
      status: 404,
      body: { detail: t('invitations.notFound') },
    });
    expect((await register(uniqueEmail('nessuno'), company, 'non-un-token')).status).toBe(422);
    expect((await callJson(`${companyPaths.invitations}/lookup`)).status).toBe(422);
  });

  it('a new invitation to the same address replaces the earlier one', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const email = uniqueEmail('doppio');
    const first = await invite(owner.token, email, 'viewer');
    const second = await invite(owner.token, email, 'editor');
    expect((await callJson(companyPaths.lookup(first.token))).status).toBe(410);
    expect((await answer(await call(companyPaths.lookup(second.token)), 200, lookupAnswerSchema)).role).toBe('editor');
  });

  it('an address with an account: of another company 409 one company per account; of this one 409', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const stranger = await createUser({ company: uniqueCompany('Altra'), status: 'active' });
    const ours = await createUser({ company, status: 'active', role: null, membership: 'requested' });
    const other = await callJson(companyPaths.invitations, {
      token: owner.token,
      json: { email: stranger.email.toUpperCase(), role: 'editor' },
    });
    expect(other).toMatchObject({ status: 409, body: { detail: t('invitations.otherCompany') } });
    const same = await callJson(companyPaths.invitations, {
      token: owner.token,
      json: { email: ours.email, role: 'viewer' },
    });
    expect(same).toMatchObject({ status: 409, body: { detail: t('invitations.sameCompany') } });
  });

  it('only a Titolare (or an administrator) invites or revokes; other companies see 404', async () => {
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const editor = await member(company, 'editor');
    const viewer = await member(company, 'viewer');
    const requested = await member(company, null, { membership: 'requested' });
    const outsider = await member(uniqueCompany('Fuori'), 'owner');
    const json = { email: uniqueEmail('x'), role: 'editor' };
    for (const who of [editor, viewer, requested]) {
      expect((await callJson(companyPaths.invitations, { token: who.token, json })).status).toBe(403);
    }
    const { invitation } = await invite(owner.token, uniqueEmail('y'));
    for (const who of [editor, viewer]) {
      expect(
        (await callJson(companyPaths.invitation(invitation.id), { method: 'DELETE', token: who.token })).status,
      ).toBe(403);
    }
    expect(
      (await callJson(companyPaths.invitation(invitation.id), { method: 'DELETE', token: outsider.token })).status,
    ).toBe(404);
    const admin = await adminWithToken();
    expect(
      (await callJson(companyPaths.invitation(invitation.id), { method: 'DELETE', token: admin.token })).status,
    ).toBe(200);
  });

  it('bad bodies are 422 in Italian', async () => {
    const owner = await member(uniqueCompany(), 'owner');
    for (const json of [{}, { email: 'non-email', role: 'editor' }, { email: uniqueEmail('z'), role: 'capo' }]) {
      const res = await callJson(companyPaths.invitations, { token: owner.token, json });
      expect(res.status).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('a delivered invitation leaves its token redacted in the outbox, as every other link token', () => {
    expect(redactTokens('apri http://p.it/signup?invito=AbC-d_9 entro 7 giorni')).toBe(
      'apri http://p.it/signup?invito=[rimosso] entro 7 giorni',
    );
  });

  it('a Lettore invited with the fans right gets none (a Lettore never sees the fans)', async () => {
    const admin = await adminWithToken();
    const company = uniqueCompany();
    const owner = await member(company, 'owner');
    const email = uniqueEmail('lettore');
    const { invitation, token } = await invite(owner.token, email, 'viewer', true);
    expect(invitation.fans_access).toBe(false);
    const { id } = await registerAccount(company, { email, invitation: token });
    expect(await approve(admin, id)).toMatchObject({
      membership: 'member',
      company_role: 'viewer',
      fans_access: false,
    });
  });
});
