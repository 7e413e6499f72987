/**
 * The links of a fan's e-mails (docs/api.md#fans). Public links carry their token as `?token=`,
 * so the outbox's redaction hides them wherever the mail is not kept in clear.
 */
import { fanPaths } from '../../../src/core/api-paths';
import type { Bindings } from '../../env';
import { unsubscribeToken } from './tokens';

/** The confirmation page of a sign-up: `origin` is the public origin (services/pages/publish.ts publicOrigin). */
export function fanConfirmUrl(origin: string, slug: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${fanPaths.confirm(slug, token)}`;
}

/**
 * The unsubscribe page of a fan of `page` (also its one-click POST target, for List-Unsubscribe):
 * the same link works from every e-mail of that page, under that page's path only.
 */
export async function fanUnsubscribeUrl(
  env: Pick<Bindings, 'JWT_SECRET'>,
  origin: string,
  page: { id: number; slug: string },
  fanId: number,
): Promise<string> {
  const token = await unsubscribeToken(env, page.id, fanId);
  return `${origin.replace(/\/+$/, '')}${fanPaths.unsubscribe(page.slug, token)}`;
}
