import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { t } from '../../src/core/messages';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  isValidEmail,
  normaliseEmail,
  passwordProblem,
  registerBodySchema,
} from '../../src/core/schemas/user';
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
import { requireUser } from '../middleware/auth';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../services/passwords';
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
import { issueDetail, refuseOperatorLookalike, validate } from '../validate';

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

const emailBodySchema = z.object({ email: z.string().trim().max(EMAIL_MAX) });
const tokenField = z.string().max(4096);
const verifyBodySchema = z.object({ token: tokenField });
const resetBodySchema = z.object({ token: tokenField, password: z.string().max(PASSWORD_MAX) });
const loginFormSchema = z.object({
  username: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** 429 with Retry-After and an Italian detail that says how long to wait. */
function tooMany(c: Context<AppEnv>, retryAfterS: number): Response {
  const detail =
    retryAfterS < 60
      ? t('auth.tooManyAttemptsSoon', { seconds: retryAfterS })
      : t('auth.tooManyAttempts', { minutes: Math.ceil(retryAfterS / 60) });
  return c.json({ detail }, 429, { 'retry-after': String(retryAfterS) });
}

/** 429 for a network over its limit of registrations or reset requests. */
async function networkLimit(c: Context<AppEnv>, scope: NetworkScope): Promise<Response | null> {
  const verdict = await takeNetworkToken(c.env.DB, scope, clientNetwork(c));
  if (verdict.ok) return null;
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterS / 60));
  return c.json({ detail: t('auth.tooManyRequests', { minutes }) }, 429, {
    'retry-after': String(verdict.retryAfterS),
  });
}

/**
 * The login body: form-encoded as fastapi-users' OAuth2 form (the contract), JSON accepted
 * too. Missing or malformed fields are 422.
 */
async function readLoginBody(c: Context<AppEnv>): Promise<z.infer<typeof loginFormSchema>> {
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
  const parsed = loginFormSchema.safeParse(raw);
  if (!parsed.success) fail(422, issueDetail(parsed.error, t('auth.invalidBody')));
  return parsed.data;
}

export const auth = new Hono<AppEnv>()
  .post('/register', validate('json', registerBodySchema), async (c) => {
    const body = c.req.valid('json');
    await refuseOperatorLookalike(body.company);
    const limited = await networkLimit(c, 'register');
    if (limited) return limited;
    const problem = passwordProblem(body.password);
    if (problem) fail(400, { code: ErrorCode.REGISTER_INVALID_PASSWORD, reason: problem });
    const email = normaliseEmail(body.email);
    if (await getUserByEmail(c.env.DB, email)) fail(400, ErrorCode.REGISTER_USER_ALREADY_EXISTS);

    const hashed = await hashPassword(body.password);
    // the stored spelling when the company exists (compared by its key), else a new company
    const company = await resolveCompany(c.env.DB, body.company);
    const statements: D1PreparedStatement[] = [insertCompanyStatement(c.env.DB, company)];
    statements.push(
      insertUserStatement(c.env.DB, {
        email,
        hashed_password: hashed,
        full_name: body.full_name,
        company,
      }),
      historyForEmailStatement(c.env.DB, email, {
        actor_id: null,
        action: 'registered',
        to_status: 'pending',
      }),
    );
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
  })

  .post('/jwt/login', async (c) => {
    const { username, password } = await readLoginBody(c);
    const email = normaliseEmail(username);
    const net = clientNetwork(c);
    // the attempt is recorded and counted before the password is evaluated (throttle.ts)
    const verdict = await reserveLoginAttempt(c.env.DB, email, net);
    if (!verdict.ok) return tooMany(c, verdict.retryAfterS);
    const row = isValidEmail(email) ? await getUserByEmail(c.env.DB, email) : null;
    // an unknown e-mail still costs one scrypt, so timing does not tell which accounts exist
    const ok = await verifyPassword(password, row?.hashed_password ?? (await dummyHash()));
    // a failure keeps its recorded attempt
    if (!row || !ok) fail(400, ErrorCode.LOGIN_BAD_CREDENTIALS);
    await forgetLoginFailures(c.env.DB, email, net);
    if (needsRehash(row.hashed_password)) {
      await rehashStatement(c.env.DB, row.id, row.hashed_password, await hashPassword(password)).run();
    }
    // every status may log in: the guard screens need /users/me to show their message
    const access_token = await createAccessToken(c.env, row);
    return c.json({ access_token, token_type: 'bearer' as const });
  })

  .post('/jwt/logout', requireUser, async (c) => {
    await bumpTokenVersionStatement(c.env.DB, c.get('user').id).run();
    return c.body(null, 204);
  })

  .post('/request-verify-token', validate('json', emailBodySchema), async (c) => {
    const { email } = c.req.valid('json');
    const limited = await networkLimit(c, 'request-verify-token');
    if (limited) return limited;
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

  .post('/verify', validate('json', verifyBodySchema), async (c) => {
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
    return c.json(toUser(fresh));
  })

  .post('/forgot-password', validate('json', emailBodySchema), async (c) => {
    const { email } = c.req.valid('json');
    const limited = await networkLimit(c, 'forgot-password');
    if (limited) return limited;
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

  .post('/reset-password', validate('json', resetBodySchema), async (c) => {
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
    const hashed = await hashPassword(password);
    const [update] = await c.env.DB.batch([
      setPasswordStatement(c.env.DB, row.id, row.hashed_password, hashed),
      historyStatement(c.env.DB, { user_id: row.id, actor_id: row.id, action: 'password_reset' }, { ifChanged: true }),
    ]);
    if (!update?.meta.changes) fail(400, ErrorCode.RESET_PASSWORD_BAD_TOKEN);
    await forgetAccountFailures(c.env.DB, normaliseEmail(row.email));
    return c.json(null);
  });
