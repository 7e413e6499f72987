/**
 * The tokens of a fan's links (docs/behaviour.md#confirming-leaving-erasing).
 * - Confirmation: 32 random bytes (base64url) mailed once; only its SHA-256 is stored on the fan,
 *   so a leaked database confirms nobody. A new confirmation e-mail replaces it. It is looked up
 *   with the page of the link's path, so under another page it is unknown.
 * - Unsubscribe (and 'Cancella i miei dati'): `{fanId}.{HMAC}` signed with JWT_SECRET under its
 *   own label, over the page id and the fan id: it needs no row and is valid only under its own
 *   page's path. Links mailed before the MAC named the page (`{fanId}.{HMAC of the fan id}`) are
 *   still accepted, but only while that fan is on the page of the path (the caller checks).
 */
import { sha256Hex } from '../bytes';

const encoder = new TextEncoder();
/** The label of tokens mailed before the MAC named the page: verified, never issued. */
const LEGACY_UNSUBSCRIBE_LABEL = 'palco:fan-unsubscribe:';
const UNSUBSCRIBE_LABEL = 'palco:fan-unsubscribe-page:';
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
  return sha256Hex(token);
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

async function mac(key: CryptoKey, text: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/** Constant-time compare of two strings (the MACs are equal-length base64url). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The unsubscribe token of fan `fanId` of page `pageId`: valid under that page's path only. */
export async function unsubscribeToken(env: { JWT_SECRET: string }, pageId: number, fanId: number): Promise<string> {
  const key = await hmacKey(env.JWT_SECRET);
  return `${fanId}.${await mac(key, `${UNSUBSCRIBE_LABEL}${pageId}:${fanId}`)}`;
}

/**
 * What an unsubscribe token names under the path of page `pageId`: the fan, and whether the MAC
 * names that page (`pageBound`; else the token was mailed before tokens named their page and
 * holds only while that fan is on the page: the caller checks). Null for anything forged,
 * malformed or signed for another page. Both MACs are always computed, so the time taken does
 * not depend on the page.
 */
export async function verifyUnsubscribeToken(
  env: { JWT_SECRET: string },
  pageId: number,
  token: unknown,
): Promise<{ fanId: number; pageBound: boolean } | null> {
  if (typeof token !== 'string' || token.length > TOKEN_MAX) return null;
  const match = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const fanId = Number(match[1]);
  if (!Number.isSafeInteger(fanId)) return null;
  const key = await hmacKey(env.JWT_SECRET);
  const [bound, legacy] = await Promise.all([
    mac(key, `${UNSUBSCRIBE_LABEL}${pageId}:${fanId}`),
    mac(key, `${LEGACY_UNSUBSCRIBE_LABEL}${fanId}`),
  ]);
  const given = match[2]!;
  const pageBound = sameText(bound, given);
  const mailedBefore = sameText(legacy, given);
  return pageBound || mailedBefore ? { fanId, pageBound } : null;
}
