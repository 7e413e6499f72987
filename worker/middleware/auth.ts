import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { t } from '../../src/core/messages';
import { getUserById, toAuthUser } from '../db/users';
import type { AppEnv, AuthUser } from '../env';
import { fail } from '../errors';
import { verifyAccessToken } from '../services/tokens';

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The user behind the request's Bearer token, re-read from D1 on every request: role and
 * status are never trusted from the token, and the token's version must still be the user's
 * (logout, a new password, a ban or unban and delete move it). Anything else is 401.
 */
export async function authenticate(c: Context<AppEnv>): Promise<AuthUser> {
  const token = bearer(c.req.header('authorization'));
  const claims = token ? await verifyAccessToken(c.env, token) : null;
  if (!claims) fail(401, t('request.unauthorized'));
  const row = await getUserById(c.env.DB, claims.userId);
  if (!row || row.token_version !== claims.version) fail(401, t('request.unauthorized'));
  return toAuthUser(row);
}

/**
 * Why a signed-in user may not use the app, or null when they may: only status 'active' with
 * is_active may.
 */
export function inactiveReason(user: Pick<AuthUser, 'status' | 'is_active'>): string | null {
  if (user.status === 'banned') return t('auth.forbidden.banned');
  if (!user.is_active) return t('auth.forbidden.inactive');
  switch (user.status) {
    case 'active':
      return null;
    case 'pending':
      return t('status.pending');
    case 'approved':
      return t('error.unverified');
    case 'rejected':
      return t('status.rejected');
    default:
      return t('status.unknown');
  }
}

/** Any signed-in user, whatever the status: /users/me and logout work for every state. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await authenticate(c));
  await next();
});

/** Signed in, status 'active' and is_active: everything else is 403 with an Italian detail. */
export const requireActive = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  const reason = inactiveReason(user);
  if (reason) fail(403, reason);
  c.set('user', user);
  await next();
});

/** An active superuser; other users 403, anonymous 401. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  const reason = inactiveReason(user);
  if (reason) fail(403, reason);
  if (!user.is_superuser) fail(403, t('admin.forbidden'));
  c.set('user', user);
  await next();
});
