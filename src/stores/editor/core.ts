// The editor's view of the shared rules in src/core/: the editor, the Worker and the published
// page must agree on slug rules, the button text codec, URL rules and the validation, so the
// editor re-exports them and keeps no copy of its own.
import { parseHttpUrl, isTicketHost } from '../../core/urls';
import { STORE_BADGES_DIR, STORES } from '../../core/store-badges';

export type {
  ButtonAsReceived,
  Cta,
  PageAsReceived,
  PageListItem,
  PageMode,
  PagePayload,
  PageStyle,
} from '../../core/schemas/page';
export { validatePage, validateEventForm, titleKey } from '../../core/page-validation';
export { sanitiseSlug, slugify } from '../../core/slug';
export { encodeEventText, decodeEventText } from '../../core/button-codec';

/** True for links of the two ticket hosts that get tracking parameters. */
export function isTicketUrl(url: string): boolean {
  const parsed = parseHttpUrl(url);
  return parsed !== null && isTicketHost(parsed.hostname);
}

/** The ten store badges a button image may use, from src/core/store-badges.ts. */
export const STORE_LOGOS: ReadonlyArray<{ id: string; label: string }> = STORES.map((s) => ({
  id: s.name,
  label: s.label,
}));

export function storePath(id: string): string {
  return STORES.find((s) => s.name === id)?.path ?? `${STORE_BADGES_DIR}${id}.svg`;
}
