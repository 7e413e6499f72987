/**
 * Signed links to kept files (docs/behaviour.md#history): the answer of `GET …/versions/{id}`,
 * read by a member with the read right, turns every file of the page's folder that only older
 * versions use into `/api/kept/{slug}/{file}?exp=…&sig=…`, which opens that one file of
 * `kept/{slug}/` for KEPT_LINK_TTL_S seconds (routes/kept-files.ts). The signature is the only
 * permission: an <img> in the preview's frame sends no session.
 *
 * The MAC is HMAC-SHA-256 over the folder, the file and the expiry, with a key derived from
 * JWT_SECRET by HKDF under its own label, so it can serve nothing else (a session, a fan's link).
 */
import { pagePaths } from '../../../src/core/api-paths';
import { KEPT_FILE_RE, KEPT_FOLDER_RE, KEPT_LINK_TTL_S, KEPT_SIG_RE } from '../../../src/core/kept-links';

const encoder = new TextEncoder();
const LABEL = 'palco:kept-file-link';

/** The HMAC key of kept links, derived from the secret (HKDF-SHA-256, info = LABEL). */
async function linkKey(secret: string): Promise<CryptoKey> {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  const base = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(LABEL) },
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
}

function base64url(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function mac(key: CryptoKey, folder: string, file: string, exp: number): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(`${folder}\n${file}\n${exp}`)));
}

/** Constant-time compare of two equal-length texts (a length difference says nothing secret). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A signer for one answer (one key derivation for all its files): the signed link of
 * `kept/{folder}/{file}`, valid KEPT_LINK_TTL_S seconds from now.
 */
export async function keptLinkSigner(env: {
  JWT_SECRET: string;
}): Promise<(folder: string, file: string) => Promise<string>> {
  const key = await linkKey(env.JWT_SECRET);
  const exp = nowSeconds() + KEPT_LINK_TTL_S;
  return async (folder, file) => pagePaths.keptFile(folder, file, exp, await mac(key, folder, file, exp));
}

/**
 * Whether `sig` signs `kept/{folder}/{file}` until `exp` and `exp` has not passed (nor lies
 * further ahead than a link is ever signed for). Anything malformed is simply not valid.
 */
export async function keptLinkValid(
  env: { JWT_SECRET: string },
  folder: string,
  file: string,
  exp: string | undefined,
  sig: string | undefined,
): Promise<boolean> {
  if (!KEPT_FOLDER_RE.test(folder) || !KEPT_FILE_RE.test(file)) return false;
  if (!exp || !/^[1-9][0-9]{0,11}$/.test(exp) || !sig || !KEPT_SIG_RE.test(sig)) return false;
  const expires = Number(exp);
  const now = nowSeconds();
  if (expires < now || expires > now + KEPT_LINK_TTL_S) return false;
  return sameText(await mac(await linkKey(env.JWT_SECRET), folder, file, expires), sig);
}
