/**
 * The fans' public routes (docs/api.md#fans), under the page's own path, no login:
 * - POST /{slug}/fans: the 'Avvisami' form, sent plain (an HTML page answers, with a link back)
 *   or by the page script (Accept: application/json: `{detail}`). The answer is the same for a
 *   new, pending, confirmed or suppressed address; the work runs after it (services/fans/signup.ts).
 * - /{slug}/fans/confirm?token=: GET shows a button, POST confirms (link scanners only GET).
 * - /{slug}/fans/unsubscribe?token=: GET shows 'Annulla iscrizione' and 'Cancella i miei dati',
 *   POST leaves the page (also RFC 8058 one-click: `List-Unsubscribe=One-Click`);
 *   POST /{slug}/fans/erase?token= deletes the address from every page.
 * A link's token is valid under its own page's path only, whatever the page's state; any other
 * link answers the same bare page under every path (docs/behaviour.md#confirming-leaving-erasing).
 * Mounted before the public catch-all (worker/app.ts).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { fanPaths } from '../../../src/core/api-paths';
import {
  ALL_CITIES,
  FAN_CITY_MAX,
  OTHER_CITY,
  cityKey,
  cleanCityName,
  fanAddress,
  isPlaceName,
  upcomingCities,
} from '../../../src/core/fans';
import { t } from '../../../src/core/messages';
import type { PageLike } from '../../../src/core/public-view';
import { fanSignupSchema, type FanSignup } from '../../../src/core/schemas/fans';
import { isReservedSlug, isValidSlugFormat, SLUG_MAX } from '../../../src/core/slug';
import type { FanNoticeContent } from '../../../src/landing/FanNotice';
import { contentSecurityPolicy, renderFanNotice } from '../../../src/landing/render';
import {
  confirmFan,
  deleteFan,
  eraseFanAddress,
  fanCityRequests,
  isFanOfPage,
  pendingFanByHash,
} from '../../db/fans/fans';
import { getPageRowEvenTrashed, getPublishedPage, type PageRow } from '../../db/pages/pages';
import { afterResponse, executionCtxOf } from '../../services/background';
import { countSignup } from '../../services/counting';
import { mailboxHash } from '../../services/fans/mailbox';
import { runFanSignup } from '../../services/fans/signup';
import { presaleFanConfirmed } from '../../services/fans/presale-fans';
import { confirmTokenHash, verifyUnsubscribeToken } from '../../services/fans/tokens';
import { publicOrigin } from '../../services/pages/publish';
import { clientNetwork, takeNetworkToken } from '../../services/throttle';
import { describedRoutes } from '../../openapi';
import { FANS_PUBLIC_ROUTES } from './public-doc';

type C = Context<AppEnv>;

function isPageSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX && isValidSlugFormat(slug) && !isReservedSlug(slug);
}

/** The script's request asks for JSON; a plain form post gets a page. */
function wantsJson(c: C): boolean {
  return (c.req.header('accept') ?? '').toLowerCase().includes('application/json');
}

/**
 * The page of a link's path, of any visibility and also in the trash (a fan's links keep working
 * there, docs/behaviour.md#trash): its tokens, colours and title.
 */
async function pageFor(c: C, slug: string): Promise<PageRow | null> {
  return isPageSlug(slug) ? getPageRowEvenTrashed(c.env.DB, slug) : null;
}

/** What a link page takes of the page: its colours and title. */
function looks(page: PageRow | null): PageLike | null {
  if (!page) return null;
  const { mode, style, custom_styles, title, display_title } = page;
  return { mode, style, custom_styles, title, display_title };
}

function titleOf(page: Pick<PageRow, 'title' | 'display_title'> | null, slug: string): string {
  return page ? page.display_title.trim() || page.title.trim() : slug;
}

/** The link back to the page; none while the page is in the trash (its address answers 404). */
function backTo(slug: string, page?: Pick<PageRow, 'deleted_at'>): FanNoticeContent['back'] {
  return page?.deleted_at ? undefined : { href: `/${slug}`, label: t('fans.page.back') };
}

/** One of the small static pages, never cached, framed by no one, its token kept out of referrers. */
async function notice(page: PageLike | null, content: FanNoticeContent, status: number): Promise<Response> {
  const doc = renderFanNotice(page, content);
  return new Response(doc.html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': await contentSecurityPolicy(doc),
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** The sign-up's answer: `{detail}` for the script, a page with the link back for a plain form. */
async function signupAnswer(
  c: C,
  page: PageLike | null,
  slug: string,
  status: 200 | 202 | 404 | 422 | 429,
  detail: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (wantsJson(c)) return c.json({ detail }, status, { 'cache-control': 'no-store', ...headers });
  const heading =
    status === 202 ? t('fans.page.sentTitle') : status === 404 ? t('fans.page.closedTitle') : t('fans.page.errorTitle');
  const res = await notice(
    page,
    { heading, lines: [detail], back: page ? backTo(slug) : undefined },
    // a plain form's success is an ordinary page
    status === 202 ? 200 : status,
  );
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

/** The form's fields, or null when the body is no form or misses a field. */
async function readSignup(c: C): Promise<FanSignup | null> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return null;
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    return null;
  }
  const parsed = fanSignupSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The city a sign-up follows: a tour city, all dates, or a typed one; or the problem's text. */
function cityOf(
  form: FanSignup,
  tour: ReadonlyArray<{ key: string; name: string }>,
): { key: string; city: string; requested: boolean } | { problem: string } {
  if (form.city === ALL_CITIES) return { key: ALL_CITIES, city: t('fans.public.allDates'), requested: false };
  if (form.city === OTHER_CITY) {
    const typed = cleanCityName(form.other_city ?? '');
    const key = cityKey(typed);
    if (!key) return { problem: t('fans.public.otherCityMissing') };
    // only a place name: the text could otherwise carry a link or a message (docs/behaviour.md#signing-up)
    if (!isPlaceName(form.other_city ?? ''))
      return { problem: t('fans.public.otherCityInvalid', { max: FAN_CITY_MAX }) };
    // a city typed that is on the tour after all follows the tour's spelling
    const known = tour.find((c) => c.key === key);
    return known ? { key, city: known.name, requested: false } : { key, city: typed, requested: true };
  }
  const known = tour.find((c) => c.key === cityKey(form.city));
  return known ? { key: known.key, city: known.name, requested: false } : { problem: t('fans.public.invalidCity') };
}

async function signup(c: C): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const now = new Date();
  const published = isPageSlug(slug) ? await getPublishedPage(c.env.DB, slug, now) : null;
  if (published?.landing.mode !== 'text' || !published.landing.fan_signup) {
    // a page the public sees but with the block off keeps its link back
    return signupAnswer(c, published?.landing ?? null, slug, 404, t('fans.public.closed'));
  }
  const page = published.landing;
  const form = await readSignup(c);
  if (!form) return signupAnswer(c, page, slug, 422, t('fans.public.invalidForm'));
  // a robot filled the hidden field: it is told what a person is told, and nothing happens
  if ((form.website ?? '').trim() !== '') return signupAnswer(c, page, slug, 202, t('fans.public.checkMail'));
  // a bare address only: no display name, comment or second spelling of one mailbox
  const email = fanAddress(form.email);
  if (email === null) return signupAnswer(c, page, slug, 422, t('fans.public.invalidEmail'));
  const city = cityOf(form, upcomingCities(page.buttons, now));
  if ('problem' in city) return signupAnswer(c, page, slug, 422, city.problem);

  const verdict = await takeNetworkToken(c.env.DB, 'fan-signup', clientNetwork(c));
  if (!verdict.ok) {
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterS / 60));
    return signupAnswer(c, page, slug, 429, t('fans.public.tooMany', { minutes }), {
      'retry-after': String(verdict.retryAfterS),
    });
  }
  // a conversion of the view's source in the page's statistics (docs/behaviour.md#counting-views-and-clicks)
  countSignup(c.env, executionCtxOf(c), c.req.raw, slug, { u: form.u, r: form.r });
  const requestUrl = c.req.url;
  const origin = publicOrigin(c.env, new URL(requestUrl).origin);
  // the fan row and the e-mail after the answer: every address answers alike, and as fast
  await afterResponse(c, 'fan-signup', () =>
    runFanSignup(
      c.env,
      {
        pageId: published.id,
        slug,
        title: page.display_title.trim() || page.title,
        company: published.company,
        email,
        cityKey: city.key,
        city: city.city,
        requested: city.requested,
      },
      origin,
      requestUrl,
      now,
    ),
  );
  return signupAnswer(c, page, slug, 202, t('fans.public.checkMail'));
}

/**
 * The link is unknown, used, forged or of another page: a friendly page, never an error, and the
 * same bare one under every path (no title, colours or link back), so that it never tells
 * whether a page exists, nor its name (docs/behaviour.md#confirming-leaving-erasing).
 */
function invalidLink(): Promise<Response> {
  return notice(null, { heading: t('fans.link.invalidTitle'), lines: [t('fans.link.invalidLead')] }, 404);
}

/**
 * What the confirm page says: confirm the sign-up, or, for a confirmed fan, add the cities
 * requested, named (the page reaches only the holder of the fan's link; a typed city is a place
 * name by rule).
 */
async function confirmWording(
  c: C,
  fanId: number,
  title: string,
  company: string,
): Promise<{ heading: string; lead: string; button: string }> {
  const requests = await fanCityRequests(c.env.DB, fanId);
  if (!requests.length) {
    return {
      heading: t('fans.confirm.title'),
      lead: t('fans.confirm.lead', { title, company }),
      button: t('fans.confirm.button'),
    };
  }
  const cities = requests.map((r) => (r.key === ALL_CITIES ? t('fans.public.allDates') : r.city)).join(', ');
  return {
    heading: t('fans.confirm.cityTitle'),
    lead: t('fans.confirm.cityLead', { title, company, cities }),
    button: t('fans.confirm.cityButton'),
  };
}

async function confirmPage(c: C, act: boolean): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const token = c.req.query('token') ?? '';
  const page = await pageFor(c, slug);
  const hash = await confirmTokenHash(token);
  if (!page || !hash) return invalidLink();
  const title = titleOf(page, slug);
  if (act) {
    const fanId = await confirmFan(c.env.DB, slug, hash);
    if (fanId === null) return invalidLink();
    // during a presale the new fan gets its e-mail at once (docs/behaviour.md#presales)
    await presaleFanConfirmed(c.env, page.id, fanId);
    return notice(
      looks(page),
      {
        heading: t('fans.confirm.doneTitle'),
        lines: [t('fans.confirm.doneLead', { title })],
        back: backTo(slug, page),
      },
      200,
    );
  }
  // a GET only looks: link scanners open every link of an e-mail
  const fanId = await pendingFanByHash(c.env.DB, slug, hash);
  if (fanId === null) return invalidLink();
  const wording = await confirmWording(c, fanId, title, page.company || t('fans.page.someone'));
  return notice(
    looks(page),
    {
      heading: wording.heading,
      lines: [wording.lead],
      actions: [{ action: fanPaths.confirm(slug, token), label: wording.button }],
    },
    200,
  );
}

/**
 * What an unsubscribe token names under the path of `page` (worker/services/fans/tokens.ts), or
 * null: the MACs are checked even with no page, so the time taken does not tell whether it exists.
 */
function unsubscribeClaim(c: C, page: PageRow | null, token: string) {
  return verifyUnsubscribeToken(c.env, page?.id ?? 0, token);
}

/** The unsubscribe page: the two buttons, each a form POST. */
async function unsubscribePage(c: C): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const token = c.req.query('token') ?? '';
  const page = await pageFor(c, slug);
  const claim = await unsubscribeClaim(c, page, token);
  if (!page || !claim) return invalidLink();
  // a link mailed before tokens named their page holds only while its fan is on this page
  if (!claim.pageBound && !(await isFanOfPage(c.env.DB, page.id, claim.fanId))) return invalidLink();
  return notice(
    looks(page),
    {
      heading: t('fans.unsubscribe.title'),
      lines: [t('fans.unsubscribe.lead', { title: titleOf(page, slug) })],
      actions: [
        { action: fanPaths.unsubscribe(slug, token), label: t('fans.unsubscribe.button') },
        {
          action: fanPaths.erase(slug, token),
          label: t('fans.unsubscribe.eraseButton'),
          lead: t('fans.unsubscribe.eraseLead'),
          secondary: true,
        },
      ],
    },
    200,
  );
}

/** Whether the body is RFC 8058's one-click unsubscribe (a mail client's POST, no person). */
async function isOneClick(c: C): Promise<boolean> {
  try {
    const body = await c.req.parseBody();
    return String(body['List-Unsubscribe'] ?? '').trim() === 'One-Click';
  } catch {
    return false;
  }
}

async function unsubscribe(c: C, erase: boolean): Promise<Response> {
  const slug = c.req.param('slug') ?? '';
  const token = c.req.query('token') ?? '';
  const oneClick = !erase && (await isOneClick(c));
  const page = await pageFor(c, slug);
  const claim = await unsubscribeClaim(c, page, token);
  // only a fan of this page goes (or, erasing, the address of a fan of this page)
  const gone =
    page && claim
      ? erase
        ? await eraseFanAddress(c.env.DB, page.id, claim.fanId, mailboxHash)
        : await deleteFan(c.env.DB, page.id, claim.fanId)
      : 0;
  // a fan already gone gets the same answer when the token names this page (leaving twice is
  // leaving once); a link mailed before tokens named their page holds only while its fan is here
  const valid = page !== null && claim !== null && (claim.pageBound || gone > 0);
  if (oneClick) {
    const text = valid ? t('fans.unsubscribe.doneTitle') : t('fans.link.invalidTitle');
    return c.text(text, valid ? 200 : 404, { 'cache-control': 'no-store' });
  }
  if (!page || !valid) return invalidLink();
  const title = titleOf(page, slug);
  const content: FanNoticeContent = erase
    ? { heading: t('fans.erase.doneTitle'), lines: [t('fans.erase.doneLead')] }
    : { heading: t('fans.unsubscribe.doneTitle'), lines: [t('fans.unsubscribe.doneLead', { title })] };
  return notice(looks(page), { ...content, back: backTo(slug, page) }, 200);
}

export const fansPublic = describedRoutes();

fansPublic
  .post('/:slug/fans', (c) => signup(c))
  .get('/:slug/fans/confirm', (c) => confirmPage(c, false))
  .post('/:slug/fans/confirm', (c) => confirmPage(c, true))
  .get('/:slug/fans/unsubscribe', (c) => unsubscribePage(c))
  .post('/:slug/fans/unsubscribe', (c) => unsubscribe(c, false))
  // the erase button's form posts here; a GET shows the same two buttons
  .get('/:slug/fans/erase', (c) => unsubscribePage(c))
  .post('/:slug/fans/erase', (c) => unsubscribe(c, true));

for (const route of FANS_PUBLIC_ROUTES) fansPublic.openAPIRegistry.registerPath(route);
