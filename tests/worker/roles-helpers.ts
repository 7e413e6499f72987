/**
 * Actors of the role matrix (docs/behaviour.md#teams): a company with a Titolare, its page with a
 * fan and a scheduled alert, and one account per role or state asking for it.
 */
import { expect } from 'vitest';
import { t } from '../../src/core/messages';
import type { CompanyRole, Membership } from '../../src/core/schemas/user';
import { seedAlert, seedFan, tourPage, uniqueCompany, fanEmail } from './fans-owner-helpers';
import { env } from 'cloudflare:test';
import { companyPaths, pagePaths } from '../../src/core/api-paths';
import {
  adminWithToken,
  call,
  callJson,
  createUser,
  organiserWithToken,
  uniqueEmail,
  type CallOptions,
  type TestUser,
} from './helpers';

export type Right = 'read' | 'write' | 'owner' | 'fans';

export interface Actor {
  name: string;
  /** the role inside the page's company; undefined: see `membership` / `elsewhere` */
  role?: CompanyRole;
  fans_access?: boolean;
  /** a member of the company whose request waits, or who was removed */
  membership?: Membership | null;
  /** a Titolare of another company */
  elsewhere?: true;
  admin?: true;
}

export const ACTORS: Actor[] = [
  { name: 'Titolare', role: 'owner' },
  { name: 'Editor', role: 'editor' },
  { name: "Editor con 'Dati dei fan'", role: 'editor', fans_access: true },
  { name: 'Lettore', role: 'viewer' },
  { name: "Lettore con 'Dati dei fan' (the right does not apply)", role: 'viewer', fans_access: true },
  { name: 'a request that waits', membership: 'requested' },
  { name: 'a removed member', membership: null },
  { name: 'a Titolare of another company', elsewhere: true },
  { name: 'an administrator', admin: true },
];

/** Whether the actor holds the right, by the table of docs/behaviour.md#teams. */
export function holds(actor: Actor, right: Right): boolean {
  if (actor.admin) return true;
  switch (actor.role) {
    case 'owner':
      return true;
    case 'editor':
      return right === 'read' || right === 'write' || (right === 'fans' && actor.fans_access === true);
    case 'viewer':
      return right === 'read';
    default:
      return false;
  }
}

/** Whether the actor may know the company's pages exist at all. */
export function isMember(actor: Actor): boolean {
  return actor.admin === true || actor.role !== undefined;
}

export interface Scene {
  company: string;
  owner: TestUser;
  slug: string;
  pageId: number;
  buttonId: number;
  fanId: number;
  alertId: number;
  /** the page's first version (its create) */
  versionId: number;
  /** an Editor of the company, a request that waits, and a pending invitation */
  editorId: number;
  requestId: number;
  invitationId: number;
}

const MATRIX_PRESALE = {
  starts_at: '2099-05-01T08:00:00Z',
  ends_at: '2099-05-02T08:00:00Z',
  url: 'https://presale.example/matrix',
  shared_code: null,
};

/** A company with its Titolare and a page that has a fan and a scheduled alert. */
export async function scene(): Promise<Scene> {
  const company = uniqueCompany();
  const owner = await organiserWithToken({ company });
  const page = await tourPage(owner);
  // the first date has a presale to come (docs/behaviour.md#presales), for its codes' routes
  await env.DB.prepare('UPDATE buttons SET presale = ? WHERE id = ?')
    .bind(JSON.stringify(MATRIX_PRESALE), page.buttons[0])
    .run();
  const fanId = await seedFan(page.id, fanEmail('matrix'), { cities: ['Milano'] });
  const alertId = await seedAlert(page.id, { button_ids: [page.buttons[0]] });
  const version = await env.DB.prepare('SELECT MIN(id) AS id FROM page_versions WHERE page_id = ?')
    .bind(page.id)
    .first<{ id: number }>();
  const editor = await createUser({ status: 'active', company, role: 'editor' });
  const request = await createUser({ status: 'active', company, role: null, membership: 'requested' });
  const invited = await callJson(companyPaths.invitations, {
    token: owner.token,
    json: { email: uniqueEmail('invito'), role: 'viewer', fans_access: false },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  return {
    company,
    owner,
    slug: page.slug,
    pageId: page.id,
    buttonId: page.buttons[0]!,
    fanId,
    alertId,
    versionId: version!.id,
    editorId: editor.id,
    requestId: request.id,
    invitationId: invited.body.invitation.id as number,
  };
}

/** The account of an actor, for a scene's company. */
export async function actorToken(actor: Actor, s: Scene): Promise<string> {
  if (actor.admin) return (await adminWithToken({ company: 'Palco' })).token;
  if (actor.elsewhere) return (await organiserWithToken({ company: uniqueCompany() })).token;
  if (actor.role) {
    return (await organiserWithToken({ company: s.company, role: actor.role, fans_access: actor.fans_access ?? false }))
      .token;
  }
  return (await organiserWithToken({ company: s.company, role: null, membership: actor.membership ?? null })).token;
}

export interface RouteCase {
  name: string;
  right: Right;
  make: (s: Scene) => [string, CallOptions];
  /** what a holder gets when not 2xx by design (an upload without a file is a 4xx past the policy) */
  allowed?: (status: number) => boolean;
  /**
   * Routes of the company rather than of one page: an account outside the team (a request that
   * waits, a removed member) is refused with 403, and another company's Titolare acts on their
   * own company ('own', a holder's answer) or finds no such id (404).
   */
  company?: { elsewhere: 'own' | 404 };
  /** the page is in the trash before the call */
  trashed?: true;
}

const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * A reading route's scene, made once for all its actors: a GET changes nothing another actor
 * would see (a write route gets a fresh scene per actor, as its call may change the page).
 */
const readScenes = new Map<RouteCase, Promise<Scene>>();

function sceneFor(route: RouteCase): Promise<Scene> {
  if (!route.name.startsWith('GET ') || route.trashed) return scene();
  let made = readScenes.get(route);
  if (!made) {
    made = scene();
    readScenes.set(route, made);
  }
  return made;
}

/** Calls a route as an actor and checks the answer against the table. */
export async function expectVerdict(route: RouteCase, actor: Actor): Promise<void> {
  const s = await sceneFor(route);
  if (route.trashed) {
    const res = await call(pagePaths.page(s.slug), { method: 'DELETE', token: s.owner.token });
    expect(res.status).toBe(200);
  }
  const token = await actorToken(actor, s);
  const [path, opts] = route.make(s);
  const res = await call(path, { ...opts, token });
  const status = res.status;
  // CSV answers are files; every refusal is JSON
  const body = res.headers.get('content-type')?.includes('json') ? await res.json<{ detail?: unknown }>() : null;
  const said = `${route.name} as ${actor.name}: ${status} ${JSON.stringify(body)}`;
  const ownCompany = actor.elsewhere && route.company?.elsewhere === 'own';
  if (holds(actor, route.right) || ownCompany) {
    expect((route.allowed ?? is2xx)(status), said).toBe(true);
    expect([401, 403].includes(status) || (status === 404 && body?.detail === t('public.notFound')), said).toBe(false);
  } else if (isMember(actor)) {
    expect(status, said).toBe(403);
    expect(typeof body?.detail, said).toBe('string');
  } else if (route.company && !actor.elsewhere) {
    // outside the team of the company: refused, with a message saying so
    expect(status, said).toBe(403);
    expect(body?.detail, said).toBe(t('team.forbidden.notMember'));
  } else {
    // another company's page, or any page for a non-member: exactly as an unknown slug
    expect(status, said).toBe(404);
  }
}
