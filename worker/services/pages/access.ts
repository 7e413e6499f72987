/**
 * Who may open a landing page through the API: administrators every page, anyone else only
 * their own company's pages. Another company's page answers 404, exactly like an unknown slug,
 * so its existence never leaks.
 */
import type { Context } from 'hono';
import { t } from '../../../src/core/messages';
import { getPageRow, getPageRowById, type PageRow } from '../../db/pages/pages';
import type { AppEnv, AuthUser } from '../../env';
import { fail } from '../../errors';

/**
 * Whether a user may open a page: administrators every page, anyone else only pages whose
 * company key is their own. A user without a company key reaches no page at all (never the
 * operator's: no key an organiser can get equals OPERATOR_COMPANY_KEY).
 */
export function canAccess(
  user: Pick<AuthUser, 'is_superuser' | 'company_key'>,
  page: Pick<PageRow, 'company_key'>,
): boolean {
  if (user.is_superuser) return true;
  return !!user.company_key && page.company_key === user.company_key;
}

/** The page if the signed-in user may open it; a missing or another company's page is 404. */
function allowed(c: Context<AppEnv>, page: PageRow | null): PageRow {
  if (!page || !canAccess(c.get('user'), page)) fail(404, t('public.notFound'));
  return page;
}

/** The page by slug if the signed-in user may open it, else 404. */
export async function ownedPage(c: Context<AppEnv>, slug: string): Promise<PageRow> {
  return allowed(c, await getPageRow(c.env.DB, slug));
}

/** The page by slug, or else by numeric id, if the signed-in user may open it; else 404. */
export async function ownedPageBySlugOrId(c: Context<AppEnv>, slugOrId: string): Promise<PageRow> {
  let page = await getPageRow(c.env.DB, slugOrId);
  if (!page && /^\d{1,15}$/.test(slugOrId)) page = await getPageRowById(c.env.DB, Number(slugOrId));
  return allowed(c, page);
}
