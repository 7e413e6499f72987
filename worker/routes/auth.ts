import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { t } from '../../src/core/messages';
import {
  emailBodySchema,
  isValidEmail,
  loginAnswerSchema,
  loginBodySchema,
  normaliseEmail,
  passwordProblem,
  registerBodySchema,
  resetBodySchema,
  userSchema,
  verifyBodySchema,
} from '../../src/core/schemas/user';
import { z as zod } from '../../src/core/zod';
import { insertCompanyStatement, resolveCompany } from '../db/companies';
import { historyForEmailStatement, historyStatement } from '../db/history';
import {
  bumpTokenVersionStatement,
  getUserByEmail,
  getUserById,
  insertUserStatement,
  rehashStatement,
  setPasswordStatement,
  setStatusStatement,
  toUser,
  type UserRow,
} from '../db/users';
import type { AppEnv } from '../env';
import { fail, isUniqueViolation } from '../errors';
import { otherMediaTypeAsEmpty } from '../media-type';
import { requireUser } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, jsonBody, type PlainRoute, SESSION } from '../openapi';
import { dummyHash, hashPassword, needsRehash, passwordCost, verifyPassword } from '../services/passwords';
import { afterResponse } from '../services/background';
import { appOrigin, mayMail, resetMail, sendMail, verifyMail } from '../services/mail';
import {
  createAccessToken,
  createResetToken,
  createVerifyToken,
  passwordFingerprint,
  verifyResetToken,
  verifyVerifyToken,
} from '../services/tokens';
import {
  clientNetwork,
  forgetAccountFailures,
  forgetLoginFailures,
  reserveLoginAttempt,
  takeNetworkToken,
  type NetworkScope,
} from '../services/throttle';
import { issueDetail, refuseOperatorLookalike } from '../validate';
import { markInvitationUsedStatement } from '../db/invitations';
import { invitationForRegistration } from '../services/team/members';

/** fastapi-users' error codes, kept as they are: the site's client reads them as they are. */
export const ErrorCode = {
  REGISTER_INVALID_PASSWORD: 'REGISTER_INVALID_PASSWORD',
  REGISTER_USER_ALREADY_EXISTS: 'REGISTER_USER_ALREADY_EXISTS',
  LOGIN_BAD_CREDENTIALS: 'LOGIN_BAD_CREDENTIALS',
  VERIFY_USER_BAD_TOKEN: 'VERIFY_USER_BAD_TOKEN',
  VERIFY_USER_ALREADY_VERIFIED: 'VERIFY_USER_ALREADY_VERIFIED',
  RESET_PASSWORD_BAD_TOKEN: 'RESET_PASSWORD_BAD_TOKEN',
  RESET_PASSWORD_INVALID_PASSWORD: 'RESET_PASSWORD_INVALID_PASSWORD',
} as const;

/** 429 with Retry-After and an Italian detail that says how long to wait. */
function tooMany(c: Context<AppEnv>, retryAfterS: number): Response {
  const detail =
    retryAfterS < 60
      ? t('auth.tooManyAttemptsSoon', { seconds: retryAfterS })
      : t('auth.tooManyAttempts', { minutes: Math.ceil(retryAfterS / 60) });
  return c.json({ detail }, 429, { 'retry-after': String(retryAfterS) });
}

/** Throws 429 for a network over its limit of registrations or reset requests. */
async function refuseOverNetworkLimit(c: Context<AppEnv>, scope: NetworkScope): Promise<void> {
  const verdict = await takeNetworkToken(c.env.DB, scope, clientNetwork(c));
  if (verdict.ok) return;
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterS / 60));
  const res = c.json({ detail: t('auth.tooManyRequests', { minutes }) }, 429, {
    'retry-after': String(verdict.retryAfterS),
  });
  throw new HTTPException(429, { res });
}

/**
 * The login body: form-encoded as fastapi-users' OAuth2 form (the contract), JSON accepted
 * too. Missing or malformed fields are 422.
 */
async function readLoginBody(c: Context<AppEnv>): Promise<z.infer<typeof loginBodySchema>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  let raw: unknown = {};
  try {
    if (type === 'application/json') raw = await c.req.json();
    else if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
      raw = await c.req.parseBody();
    }
  } catch {
    fail(422, t('auth.invalidBody'));
  }
  // a body that is no object at all has no field to name
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(422, t('auth.invalidBody'));
  const parsed = loginBodySchema.safeParse(raw);
  if (!parsed.success) fail(422, issueDetail(parsed.error, t('auth.invalidBody')));
  return parsed.data;
}

const TAGS = ['Authentication'];

/** A JSON body, read as empty when of any other media type (worker/media-type.ts). */
function jsonInput<S extends z.ZodType>(schema: S) {
  return { middleware: [otherMediaTypeAsEmpty(schema)], request: { body: jsonBody(schema) } };
}

const registerRoute = createRoute({
  method: 'post',
  path: '/register',
  tags: TAGS,
  summary: 'Creates an account, pending until an administrator approves it',
  description:
    'Privilege fields (`is_superuser`, `status`…) are ignored. 400 `REGISTER_USER_ALREADY_EXISTS` for a ' +
    'known address; 400 `{code: REGISTER_INVALID_PASSWORD, reason}` for a password that breaks the policy ' +
    '(8 characters, a lower-case letter, an upper-case letter, a digit); 429 when the network registered too often. ' +
    'An optional `invitation` (the token of /signup?invito=…) joins its company with its role once approved; a ' +
    'used, revoked or expired one, or one for another address, is 422.',
  ...jsonInput(registerBodySchema),
  responses: {
    201: jsonAnswer(userSchema, 'The new account (status pending)'),
    ...errorAnswers(400, 413, 422, 429),
  },
});

const loginRoute: PlainRoute = {
  method: 'post',
  path: '/jwt/login',
  tags: TAGS,
  summary: 'Opens a session: the OAuth2 password form (username is the e-mail)',
  description:
    'Form-encoded as fastapi-users reads it; the same fields as multipart or JSON are read too. Every ' +
    'status may log in (the site shows why an account may not work yet). 400 `LOGIN_BAD_CREDENTIALS`; ' +
    '429 with `Retry-After` after too many failures for the address or the network. A body that is no ' +
    'form, or misses a field, is 422.',
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: loginBodySchema },
        'multipart/form-data': { schema: loginBodySchema },
        'application/json': { schema: loginBodySchema },
      },
    },
  },
  responses: {
    200: jsonAnswer(loginAnswerSchema, 'The Bearer token of the new session'),
    ...errorAnswers(400, 413, 422, 429),
  },
};

const logoutRoute = createRoute({
  method: 'post',
  path: '/jwt/logout',
  tags: TAGS,
  summary: 'Ends every session of the account (its tokens stop working)',
  security: SESSION,
  middleware: [requireUser],
  responses: { 204: { description: 'Logged out' }, ...errorAnswers(401) },
});

const requestVerifyRoute = createRoute({
  method: 'post',
  path: '/request-verify-token',
  tags: TAGS,
  summary: 'Sends a new verification link to an approved, not yet verified account',
  description: 'The answer is 202 for any address, known or not; the e-mail leaves after it.',
  ...jsonInput(emailBodySchema),
  responses: { 202: { description: 'Accepted' }, ...errorAnswers(413, 422, 429) },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/verify',
  tags: TAGS,
  summary: 'Verifies the address with the e-mailed token: the account becomes active',
  description: '400 `VERIFY_USER_BAD_TOKEN` for a bad or stale token, `VERIFY_USER_ALREADY_VERIFIED` when it was.',
  ...jsonInput(verifyBodySchema),
  responses: { 200: jsonAnswer(userSchema, 'The verified account'), ...errorAnswers(400, 413, 422) },
});

const forgotRoute = createRoute({
  method: 'post',
  path: '/forgot-password',
  tags: TAGS,
  summary: 'E-mails a password reset link',
  description: 'The answer is 202 for any address, known or not; the e-mail leaves after it.',
  ...jsonInput(emailBodySchema),
  responses: { 202: { description: 'Accepted' }, ...errorAnswers(413, 422, 429) },
});

const resetRoute = createRoute({
  method: 'post',
  path: '/reset-password',
  tags: TAGS,
  summary: 'Sets a new password with the e-mailed token',
  description:
    '400 `RESET_PASSWORD_BAD_TOKEN` for a bad, used or stale token; 400 ' +
    '`{code: RESET_PASSWORD_INVALID_PASSWORD, reason}` for a password that breaks the policy.',
  ...jsonInput(resetBodySchema),
  responses: { 200: jsonAnswer(zod.null(), 'Done (the body is `null`)'), ...errorAnswers(400, 413, 422) },
});

export const auth = describedRoutes();

auth.openapi(registerRoute, async (c) => {
  const body = c.req.valid('json');
  await refuseOperatorLookalike(body.company);
  await refuseOverNetworkLimit(c, 'register');
  const problem = passwordProblem(body.password);
  if (problem) fail(400, { code: ErrorCode.REGISTER_INVALID_PASSWORD, reason: problem });
  const email = normaliseEmail(body.email);
  if (await getUserByEmail(c.env.DB, email)) fail(400, ErrorCode.REGISTER_USER_ALREADY_EXISTS);

  // an invitation must still be usable and for this very address; its company is the account's
  // (docs/behaviour.md#teams)
  const invitation = body.invitation ? await invitationForRegistration(c.env.DB, body.invitation, email) : null;

  const hashed = await hashPassword(body.password, passwordCost(c.env, c.req.url));
  // the stored spelling when the company exists (compared by its key), else a new company
  const company = invitation
    ? { name: invitation.company, key: invitation.company_key }
    : await resolveCompany(c.env.DB, body.company);
  const statements: D1PreparedStatement[] = [insertCompanyStatement(c.env.DB, company)];
  statements.push(
    insertUserStatement(c.env.DB, {
      email,
      hashed_password: hashed,
      full_name: body.full_name,
      company,
      invitation_id: invitation?.id ?? null,
    }),
    historyForEmailStatement(c.env.DB, email, {
      actor_id: null,
      action: 'registered',
      to_status: 'pending',
    }),
  );
  // used in the same batch: one token never serves twice (the approval checks it was this account's)
  if (invitation) statements.push(markInvitationUsedStatement(c.env.DB, invitation.id, email, new Date()));
  let results: D1Result[];
  try {
    results = await c.env.DB.batch(statements);
  } catch (err) {
    // two registrations racing for one address: the index decides, the loser gets the code
    if (isUniqueViolation(err)) fail(400, ErrorCode.REGISTER_USER_ALREADY_EXISTS);
    throw err;
  }
  const row = results[1]!.results[0] as UserRow;
  return c.json(toUser(row), 201);
});

// described by hand (below) and validated by readLoginBody with loginBodySchema: the OpenAPI
// library's own checks would answer 415 for a JSON login and for any other body, where this route
// reads JSON too and answers 422
auth.post('/jwt/login', async (c) => {
  const { username, password } = await readLoginBody(c);
  const email = normaliseEmail(username);
  const net = clientNetwork(c);
  // the attempt is recorded and counted before the password is evaluated (throttle.ts)
  const verdict = await reserveLoginAttempt(c.env.DB, email, net);
  if (!verdict.ok) return tooMany(c, verdict.retryAfterS);
  const row = isValidEmail(email) ? await getUserByEmail(c.env.DB, email) : null;
  // the tests' cheap cost only where it is honoured (docs/behaviour.md#passwords-and-sessions)
  const cost = passwordCost(c.env, c.req.url);
  // an unknown e-mail still costs one scrypt, at the cost in force, so timing does not tell
  // which accounts exist
  const ok = await verifyPassword(password, row?.hashed_password ?? (await dummyHash(cost)));
  // a failure keeps its recorded attempt
  if (!row || !ok) fail(400, ErrorCode.LOGIN_BAD_CREDENTIALS);
  await forgetLoginFailures(c.env.DB, email, net);
  if (needsRehash(row.hashed_password, cost)) {
    await rehashStatement(c.env.DB, row.id, row.hashed_password, await hashPassword(password, cost)).run();
  }
  // every status may log in: the guard screens need /users/me to show their message
  const access_token = await createAccessToken(c.env, row);
  return c.json({ access_token, token_type: 'bearer' as const });
});
auth.openAPIRegistry.registerPath(loginRoute);

auth
  .openapi(logoutRoute, async (c) => {
    await bumpTokenVersionStatement(c.env.DB, c.get('user').id).run();
    return c.body(null, 204);
  })

  .openapi(requestVerifyRoute, async (c) => {
    const { email } = c.req.valid('json');
    await refuseOverNetworkLimit(c, 'request-verify-token');
    const row = isValidEmail(email) ? await getUserByEmail(c.env.DB, email) : null;
    // only an approved, not yet verified account gets a new link; the answer never tells
    if (row && row.status === 'approved' && !row.is_verified && row.is_active) {
      // the link is made and sent after the answer, so a known address answers as fast as any
      const url = c.req.url;
      await afterResponse(c, 'request-verify-token', async () => {
        if (!(await mayMail(c.env, row.email, 'verify'))) return;
        const token = await createVerifyToken(c.env, row);
        await sendMail(c.env, verifyMail(row, appOrigin(c.env, url), token), url);
      });
    }
    return c.body(null, 202);
  })

  .openapi(verifyRoute, async (c) => {
    const claims = await verifyVerifyToken(c.env, c.req.valid('json').token);
    if (!claims) fail(400, ErrorCode.VERIFY_USER_BAD_TOKEN);
    const row = await getUserById(c.env.DB, claims.userId);
    if (!row || normaliseEmail(row.email) !== normaliseEmail(claims.email)) {
      fail(400, ErrorCode.VERIFY_USER_BAD_TOKEN);
    }
    if (row.is_verified || row.status === 'active') fail(400, ErrorCode.VERIFY_USER_ALREADY_VERIFIED);
    // verifying is only possible in status approved
    if (row.status !== 'approved' || !row.is_active) fail(400, ErrorCode.VERIFY_USER_BAD_TOKEN);
    const [update] = await c.env.DB.batch([
      setStatusStatement(c.env.DB, row.id, 'approved', 'active', { is_verified: true }),
      historyStatement(
        c.env.DB,
        {
          user_id: row.id,
          actor_id: row.id,
          action: 'verified',
          from_status: 'approved',
          to_status: 'active',
        },
        { ifChanged: true },
      ),
    ]);
    if (!update?.meta.changes) fail(400, ErrorCode.VERIFY_USER_ALREADY_VERIFIED);
    const fresh = await getUserById(c.env.DB, row.id);
    if (!fresh) fail(400, ErrorCode.VERIFY_USER_BAD_TOKEN);
    return c.json(toUser(fresh), 200);
  })

  .openapi(forgotRoute, async (c) => {
    const { email } = c.req.valid('json');
    await refuseOverNetworkLimit(c, 'forgot-password');
    const row = isValidEmail(email) ? await getUserByEmail(c.env.DB, email) : null;
    if (row?.is_active) {
      // the token is made and mailed after the answer, so a known address answers as fast as any
      const url = c.req.url;
      await afterResponse(c, 'forgot-password', async () => {
        if (!(await mayMail(c.env, row.email, 'reset'))) return;
        const token = await createResetToken(c.env, row);
        await sendMail(c.env, resetMail(row, appOrigin(c.env, url), token), url);
      });
    }
    return c.body(null, 202);
  })

  .openapi(resetRoute, async (c) => {
    const { token, password } = c.req.valid('json');
    const claims = await verifyResetToken(c.env, token);
    if (!claims) fail(400, ErrorCode.RESET_PASSWORD_BAD_TOKEN);
    const row = await getUserById(c.env.DB, claims.userId);
    if (!row?.is_active) fail(400, ErrorCode.RESET_PASSWORD_BAD_TOKEN);
    if ((await passwordFingerprint(c.env, row.hashed_password)) !== claims.fingerprint) {
      fail(400, ErrorCode.RESET_PASSWORD_BAD_TOKEN);
    }
    const problem = passwordProblem(password);
    if (problem) fail(400, { code: ErrorCode.RESET_PASSWORD_INVALID_PASSWORD, reason: problem });
    const hashed = await hashPassword(password, passwordCost(c.env, c.req.url));
    const [update] = await c.env.DB.batch([
      setPasswordStatement(c.env.DB, row.id, row.hashed_password, hashed),
      historyStatement(c.env.DB, { user_id: row.id, actor_id: row.id, action: 'password_reset' }, { ifChanged: true }),
    ]);
    if (!update?.meta.changes) fail(400, ErrorCode.RESET_PASSWORD_BAD_TOKEN);
    await forgetAccountFailures(c.env.DB, normaliseEmail(row.email));
    return c.json(null, 200);
  });
