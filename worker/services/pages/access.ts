/**
 * The one access policy of the company's data (docs/behaviour.md#teams). Administrators may do
 * everything everywhere; anyone else acts only inside their own company, as a member, with the
 * rights of their role:
 *
 * | right  | what it allows                                                           | who          |
 * |--------|--------------------------------------------------------------------------|--------------|
 * | read   | see pages, preview, statistics, fan counts, history, activity, trash     | every member |
 * | write  | create, save, hide/show, availability, alerts, restore a version         | owner, editor|
 * | owner  | trash a page, restore it, delete it for ever; manage members             | owner        |
 * | fans   | the fans' addresses: list, search, CSV, removal                          | owner, or the 'Dati dei fan' right (not a viewer) |
 *
 * A page of another company, or any page for someone who is not (or no longer) a member, answers
 * 404 exactly like an unknown slug, so its existence never leaks. A member who lacks the right
 * gets 403 with a plain Italian message. Role and membership are read from D1 on every request
 * (worker/middleware/auth.ts), so a removal or a demotion holds from the very next request.
 */
import type { Context } from 'hono';
import { t } from '../../../src/core/messages';
import type { CompanyRole } from '../../../src/core/schemas/user';
import { getPageRow, getPageRowById, type PageRow } from '../../db/pages/pages';
import { getTrashedPageRow, type TrashedRow } from '../../db/pages/trash';
import type { AppEnv, AuthUser } from '../../env';
import { fail } from '../../errors';

export type Right = 'read' | 'write' | 'owner' | 'fans';

type Who = Pick<AuthUser, 'is_superuser' | 'company_key' | 'company_role' | 'membership' | 'fans_access'>;

/** The role a member acts with in their company, or null for someone who is not a member. */
export function memberRole(user: Who): CompanyRole | null {
  if (!user.company_key || user.membership !== 'member') return null;
  return user.company_role;
}

/** Whether the user holds a right inside their own company (administrators: always). */
export function hasRight(user: Who, right: Right): boolean {
  if (user.is_superuser) return true;
  const role = memberRole(user);
  if (!role) return false;
  switch (right) {
    case 'read':
      return true;
    case 'write':
      return role === 'owner' || role === 'editor';
    case 'owner':
      return role === 'owner';
    case 'fans':
      return role === 'owner' || (role === 'editor' && user.fans_access);
  }
}

/** The 403 message for a member who lacks a right. */
function forbidden(right: Right): string {
  if (right === 'fans') return t('team.forbidden.fans');
  if (right === 'owner') return t('team.forbidden.owner');
  return t('team.forbidden.write');
}

/** 403 unless the user holds the right in their own company (for routes with no page). */
export function requireRight(user: Who, right: Right): void {
  if (hasRight(user, right)) return;
  if (!memberRole(user)) fail(403, t('team.forbidden.notMember'));
  fail(403, forbidden(right));
}

/**
 * Whether a user may open a page at all: administrators every page, a member only pages whose
 * company key is their own. A user without a company key reaches no page at all (never the
 * operator's: no key an organiser can get equals OPERATOR_COMPANY_KEY).
 */
export function canAccess(user: Who, page: Pick<PageRow, 'company_key'>): boolean {
  if (user.is_superuser) return true;
  return memberRole(user) !== null && page.company_key === user.company_key;
}

/** The page if the signed-in user may open it and holds the right; else 404, or 403. */
function allowed<P extends PageRow>(c: Context<AppEnv>, page: P | null, right: Right): P {
  const user = c.get('user');
  if (!page || !canAccess(user, page)) fail(404, t('public.notFound'));
  if (!hasRight(user, right)) fail(403, forbidden(right));
  return page;
}

/** The page by slug if the signed-in user may open it with the right ('read' by default). */
export async function ownedPage(c: Context<AppEnv>, slug: string, right: Right = 'read'): Promise<PageRow> {
  return allowed(c, await getPageRow(c.env.DB, slug), right);
}

/** The page by slug, or else by numeric id, under the same rule as ownedPage. */
export async function ownedPageBySlugOrId(
  c: Context<AppEnv>,
  slugOrId: string,
  right: Right = 'read',
): Promise<PageRow> {
  let page = await getPageRow(c.env.DB, slugOrId);
  if (!page && /^\d{1,15}$/.test(slugOrId)) page = await getPageRowById(c.env.DB, Number(slugOrId));
  return allowed(c, page, right);
}

/**
 * A page in the trash by slug, under the same rule as ownedPage (docs/behaviour.md#trash): 404
 * for another company's, or for a slug not in the trash.
 */
export async function ownedTrashedPage(c: Context<AppEnv>, slug: string, right: Right = 'read'): Promise<TrashedRow> {
  return allowed(c, await getTrashedPageRow(c.env.DB, slug), right);
}
