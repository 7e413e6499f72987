import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_S, RESET_TOKEN_TTL_S, VERIFY_TOKEN_TTL_S } from '../../src/core/constants';

/**
 * JWTs as fastapi-users issues them (the spec's client was written against it): HS256 pinned,
 * `exp` required, one audience per purpose so a verify or reset token can never open a session.
 */
export const AUD_AUTH = 'fastapi-users:auth';
export const AUD_VERIFY = 'fastapi-users:verify';
export const AUD_RESET = 'fastapi-users:reset';
const ALG = 'HS256';

// Tokens longer than this are refused before any crypto: nothing we issue comes close.
const MAX_TOKEN_LENGTH = 4096;

type SecretEnv = { JWT_SECRET: string };

function key(env: SecretEnv): Uint8Array {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
    // a misconfigured deployment must not silently sign with a guessable key
    throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  }
  return new TextEncoder().encode(env.JWT_SECRET);
}

async function sign(
  env: SecretEnv,
  audience: string,
  subject: number,
  ttlSeconds: number,
  claims: Record<string, unknown>,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(subject))
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(env));
}

/** The verified payload, or null for anything forged, expired, of another audience or malformed. */
async function verify(
  env: SecretEnv,
  token: unknown,
  audience: string,
): Promise<{ sub: number; payload: Record<string, unknown> } | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const secret = key(env);
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      audience,
      requiredClaims: ['exp', 'sub'],
    });
    const sub = Number(payload.sub);
    if (!/^\d{1,15}$/.test(payload.sub ?? '') || !Number.isSafeInteger(sub) || sub <= 0) return null;
    return { sub, payload: payload as Record<string, unknown> };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof SyntaxError) {
      return null;
    }
    throw err;
  }
}

// ---- access (session) tokens -------------------------------------------------------------

/**
 * `ver` is the user's token version: logout, a new password, a ban or unban and delete move it,
 * and old tokens die.
 */
export function createAccessToken(env: SecretEnv, user: { id: number; token_version: number }): Promise<string> {
  return sign(env, AUD_AUTH, user.id, ACCESS_TOKEN_TTL_S, { ver: user.token_version });
}

export async function verifyAccessToken(
  env: SecretEnv,
  token: unknown,
): Promise<{ userId: number; version: number } | null> {
  const result = await verify(env, token, AUD_AUTH);
  if (!result) return null;
  const ver = result.payload.ver;
  if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
  return { userId: result.sub, version: ver };
}

// ---- verification tokens (valid 48 h) ------------------------------------------------------

export function createVerifyToken(env: SecretEnv, user: { id: number; email: string }): Promise<string> {
  return sign(env, AUD_VERIFY, user.id, VERIFY_TOKEN_TTL_S, { email: user.email });
}

export async function verifyVerifyToken(
  env: SecretEnv,
  token: unknown,
): Promise<{ userId: number; email: string } | null> {
  const result = await verify(env, token, AUD_VERIFY);
  if (!result || typeof result.payload.email !== 'string') return null;
  return { userId: result.sub, email: result.payload.email };
}

// ---- password reset tokens ---------------------------------------------------------------

/**
 * A fingerprint of the stored hash (like fastapi-users' `password_fgpt`): once the password
 * changes the fingerprint no longer matches, so a reset token works at most once.
 */
export async function passwordFingerprint(env: SecretEnv, hashedPassword: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey('raw', key(env), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(`fgpt:${hashedPassword}`));
  return Buffer.from(mac).toString('base64url');
}

export async function createResetToken(env: SecretEnv, user: { id: number; hashed_password: string }): Promise<string> {
  const fgpt = await passwordFingerprint(env, user.hashed_password);
  return sign(env, AUD_RESET, user.id, RESET_TOKEN_TTL_S, { password_fgpt: fgpt });
}

export async function verifyResetToken(
  env: SecretEnv,
  token: unknown,
): Promise<{ userId: number; fingerprint: string } | null> {
  const result = await verify(env, token, AUD_RESET);
  if (!result || typeof result.payload.password_fgpt !== 'string') return null;
  return { userId: result.sub, fingerprint: result.payload.password_fgpt };
}
