// Every address of the Worker's API that the site uses, in one place: the browser's client
// (src/lib/api-client.ts), the published page's click beacon and the header palette build their
// URLs here and nowhere else. No I/O, no DOM: the Worker's renderer imports it too.
// Path segments that come from data (slugs, file names) are always URI-encoded.

const segment = encodeURIComponent;

/**
 * The prefixes the Worker mounts its route groups under (worker/app.ts), each spelled once:
 * the app, its body-limit rules, this client's paths and the tests all read them here.
 */
export const API_PREFIX = {
  pages: '/api/db/landing-pages',
  trash: '/api/db/trash',
  admin: '/api/admin',
  auth: '/auth',
  users: '/users',
  /** a company's team: members, requests, invitations, activity (docs/api.md#teams) */
  company: '/api/company',
  /** a page's kept file behind a signed link, for the preview of an older version (docs/api.md#history) */
  kept: '/api/kept',
} as const;

/** The OpenAPI 3.1 document of the whole API (docs/api.md#the-openapi-document). */
export const OPENAPI_PATH = '/api/openapi.json';

const PAGES = API_PREFIX.pages;
const ADMIN = API_PREFIX.admin;

function page(slug: string): string {
  return `${PAGES}/${segment(slug)}`;
}

function adminUser(id: number): string {
  return `${ADMIN}/users/${id}`;
}

/** The organiser's pages: list, read, create, update, delete and their uploads. */
export const pagePaths = {
  list: PAGES,
  page,
  visibility: (slug: string, visible: boolean) => `${page(slug)}/visibility?visible=${visible}`,
  company: (slug: string) => `${page(slug)}/company`,
  headerUpload: (slug: string) => `${page(slug)}/upload-image`,
  /** a poster frame for the saved video header */
  posterUpload: (slug: string) => `${page(slug)}/upload-poster`,
  buttonImagesUpload: (slug: string) => `${page(slug)}/upload-button-images`,
  buttonImage: (slug: string, filename: string) => `${page(slug)}/button-image/${segment(filename)}`,
  /** the saved header read back through the Worker (same origin, so a canvas may read it) */
  imageProxy: (slug: string) => `${page(slug)}/image-proxy`,
  /** the page's views and clicks over the last `days` Europe/Rome days (1–400) */
  stats: (slug: string, days: number) => `${page(slug)}/stats?days=${days}`,
  /** the same, one CSV row per day */
  statsCsv: (slug: string, days: number) => `${page(slug)}/stats.csv?days=${days}`,
  /** one event's sale alone: its availability and on-sale instant (PATCH) */
  buttonSale: (slug: string, buttonId: number) => `${page(slug)}/buttons/${buttonId}`,
  /** the published page's click counter (a beacon, no authentication) */
  buttonClick: (slug: string, buttonId: number) => `${page(slug)}/buttons/${buttonId}/click`,
  trackUrl: '/api/track-url',
  /** the events of a ticket page, for 'Importa da link' (docs/api.md#dates-from-a-ticket-link) */
  ticketImport: '/api/ticket-import',
  /** a date row's pending change from its ticket page: apply or ignore it (POST) */
  ticketChange: (slug: string, buttonId: number) => `${page(slug)}/buttons/${buttonId}/ticket-change`,
  /** a date's presale (docs/api.md#presales): its figures, its one-time codes (POST adds, PUT replaces), the CSV of who got which */
  presale: (slug: string, buttonId: number) => `${page(slug)}/buttons/${buttonId}/presale`,
  presaleCodes: (slug: string, buttonId: number) => `${page(slug)}/buttons/${buttonId}/presale-codes`,
  presaleCsv: (slug: string, buttonId: number) => `${page(slug)}/buttons/${buttonId}/presale.csv`,
  /** the page's history (docs/api.md#history): its versions, one version, a restore (POST) */
  versions: (slug: string) => `${page(slug)}/versions`,
  version: (slug: string, id: number) => `${page(slug)}/versions/${id}`,
  versionRestore: (slug: string, id: number) => `${page(slug)}/versions/${id}/restore`,
  /** a file only older versions use, signed until `exp` (Unix seconds) by the Worker (no session) */
  keptFile: (slug: string, file: string, exp: number, sig: string) =>
    `${API_PREFIX.kept}/${segment(slug)}/${segment(file)}?exp=${exp}&sig=${segment(sig)}`,
} as const;

/** The trash (docs/api.md#trash): the list, a restore, a deletion for ever. */
export const trashPaths = {
  list: API_PREFIX.trash,
  restore: (slug: string) => `${API_PREFIX.trash}/${segment(slug)}/restore`,
  purge: (slug: string) => `${API_PREFIX.trash}/${segment(slug)}`,
} as const;

/**
 * Fans (docs/api.md#fans). The public routes live under the page's own path (no reserved
 * segment needed); the organiser's under the pages API.
 */
export const fanPaths = {
  /** the 'Avvisami' form's action (POST, a form or the page script's fetch) */
  signup: (slug: string) => `/${segment(slug)}/fans`,
  /** GET: a page with a button; POST: confirms (link scanners only GET) */
  confirm: (slug: string, token: string) => `/${segment(slug)}/fans/confirm?token=${segment(token)}`,
  /** GET: a page with the buttons; POST: one-click unsubscribe (RFC 8058) */
  unsubscribe: (slug: string, token: string) => `/${segment(slug)}/fans/unsubscribe?token=${segment(token)}`,
  /** POST: 'Cancella i miei dati' (every row of the address, now) */
  erase: (slug: string, token: string) => `/${segment(slug)}/fans/erase?token=${segment(token)}`,
  /** the organiser's summary over the last `days` days */
  summary: (slug: string, days: number) => `${page(slug)}/fans?days=${days}`,
  list: (slug: string, query: string) => `${page(slug)}/fans/list?q=${segment(query)}`,
  csv: (slug: string) => `${page(slug)}/fans.csv`,
  fan: (slug: string, id: number) => `${page(slug)}/fans/${id}`,
  sendAlert: (slug: string, id: number) => `${page(slug)}/fans/alerts/${id}/send`,
  cancelAlert: (slug: string, id: number) => `${page(slug)}/fans/alerts/${id}/cancel`,
  adminTotals: `${ADMIN}/fans`,
  /** the e-mail provider's signed webhook (bounces and complaints) */
  webhook: '/api/fans/webhook',
} as const;

/** The administration of accounts. */
export const adminPaths = {
  /** the root every admin list lives under (the users screen refreshes them all at once) */
  root: ADMIN,
  /** the public company list (companies with an approved member): the signup's suggestions */
  companies: `${ADMIN}/companies`,
  /** every company, for administrators */
  allCompanies: `${ADMIN}/companies/all`,
  pendingUsers: `${ADMIN}/users/pending`,
  /** followed by '?' and the query string of the filters */
  allUsers: `${ADMIN}/users/all`,
  stats: `${ADMIN}/stats`,
  /** the one-off making of older pages' photo sizes (`npm run media:resize`) */
  mediaSizes: `${ADMIN}/media-sizes`,
  user: adminUser,
  approve: (id: number) => `${adminUser(id)}/approve`,
  ban: (id: number) => `${adminUser(id)}/ban`,
  unban: (id: number) => `${adminUser(id)}/unban`,
  makeAdmin: (id: number) => `${adminUser(id)}/make-admin`,
  removeAdmin: (id: number) => `${adminUser(id)}/remove-admin`,
  company: (id: number) => `${adminUser(id)}/company`,
  history: (id: number) => `${adminUser(id)}/history`,
} as const;

/** Accounts and sessions (outside /api, as the Worker serves them). */
const AUTH = API_PREFIX.auth;

export const authPaths = {
  me: `${API_PREFIX.users}/me`,
  login: `${AUTH}/jwt/login`,
  logout: `${AUTH}/jwt/logout`,
  register: `${AUTH}/register`,
  verify: `${AUTH}/verify`,
  requestVerifyToken: `${AUTH}/request-verify-token`,
  forgotPassword: `${AUTH}/forgot-password`,
  resetPassword: `${AUTH}/reset-password`,
} as const;

/** A company's team (docs/api.md#teams). `{id}` of a member is the account's id. */
const COMPANY = API_PREFIX.company;

export const companyPaths = {
  members: `${COMPANY}/members`,
  invitations: `${COMPANY}/invitations`,
  invitation: (id: number) => `${COMPANY}/invitations/${id}`,
  /** what an invitation link fills in on the signup form (no login) */
  lookup: (token: string) => `${COMPANY}/invitations/lookup?token=${segment(token)}`,
  member: (id: number) => `${COMPANY}/members/${id}`,
  accept: (id: number) => `${COMPANY}/members/${id}/accept`,
  refuse: (id: number) => `${COMPANY}/members/${id}/refuse`,
  /** an account outside the team of its company asks to join (again) */
  request: `${COMPANY}/request`,
  /** followed by '?' and the filters (member, page, before, limit; company for administrators) */
  activity: `${COMPANY}/activity`,
} as const;
