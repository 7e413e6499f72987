/**
 * The tokens of a fan's links (docs/behaviour.md#fans-and-alerts).
 * - Confirmation: 32 random bytes (base64url) mailed once; only its SHA-256 is stored on the fan,
 *   so a leaked database confirms nobody. A new confirmation e-mail replaces it.
 * - Unsubscribe (and 'Cancella i miei dati'): `{fanId}.{HMAC}` signed with JWT_SECRET under its
 *   own label, so it needs no row and works for as long as the fan exists, from every e-mail.
 */
const encoder = new TextEncoder();
const UNSUBSCRIBE_LABEL = 'palco:fan-unsubscribe:';
/** Tokens longer than this are refused before any crypto. */
const TOKEN_MAX = 200;

function base64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const byte of view) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh confirmation token. */
export function newConfirmToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The SHA-256 (hex) a confirmation token is stored and looked up by; null for a malformed token. */
export async function confirmTokenHash(token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/** The unsubscribe token of a fan. */
export async function unsubscribeToken(env: { JWT_SECRET: string }, fanId: number): Promise<string> {
  const key = await hmacKey(env.JWT_SECRET);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${UNSUBSCRIBE_LABEL}${fanId}`));
  return `${fanId}.${base64url(mac)}`;
}

/** The fan id an unsubscribe token names, or null for anything forged or malformed. */
export async function verifyUnsubscribeToken(env: { JWT_SECRET: string }, token: unknown): Promise<number | null> {
  if (typeof token !== 'string' || token.length > TOKEN_MAX) return null;
  const match = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const fanId = Number(match[1]);
  if (!Number.isSafeInteger(fanId)) return null;
  const expected = await unsubscribeToken(env, fanId);
  // constant-time compare of equal-length strings
  if (expected.length !== token.length) return null;
  let diff = 0;
  for (let i = 0; i < token.length; i++) diff |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0 ? fanId : null;
}
