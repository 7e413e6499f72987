/**
 * Signed links to a page's kept files (docs/behaviour.md#history): a file only older versions
 * use lives in the private `kept/{slug}/`, and the editor's preview of such a version reads it
 * through `GET /api/kept/{slug}/{file}?exp=…&sig=…` (worker/routes/kept-files.ts), signed for a
 * few minutes by the answer of `GET …/versions/{id}`. Only the preview takes such a link
 * (src/core/public-view.ts); a save refuses it (src/core/urls.ts isSafeMediaRef), so a public
 * page never carries one. Isomorphic: no DOM, no Workers APIs.
 */
import { API_PREFIX } from './api-paths';
import { SLUG_MAX } from './slug';

/** How long a signed link opens its file: long enough to look at a version, no longer. */
export const KEPT_LINK_TTL_S = 10 * 60;

/** A page's folder as its media keys name it (worker/services/media/media-types.ts MEDIA_KEY_RE). */
export const KEPT_FOLDER_RE = new RegExp(`^[a-z0-9]{1,${SLUG_MAX}}$`);

/**
 * A file name of a page's folder as the server makes them (`{slug}.{version}.{ext}`,
 * `{slug}-poster.{version}.{ext}`, `{N}.{version}.{ext}`, older `{N}.{ext}`): letters, digits,
 * '.', '_' and '-', at most 100, never starting with '.' nor holding '..'.
 */
export const KEPT_FILE_RE = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

/** A signature: HMAC-SHA-256, base64url without padding. */
export const KEPT_SIG_RE = /^[A-Za-z0-9_-]{43}$/;

const LINK_RE = new RegExp(`^${API_PREFIX.kept}/([^/?#]+)/([^/?#]+)\\?exp=([0-9]{1,12})&sig=([^&#]+)$`);

/** Whether `ref` is a signed link to a kept file, as the Worker makes them (for the preview only). */
export function isKeptLink(ref: string): boolean {
  const m = LINK_RE.exec(ref);
  return m !== null && KEPT_FOLDER_RE.test(m[1]!) && KEPT_FILE_RE.test(m[2]!) && KEPT_SIG_RE.test(m[4]!);
}
