// The site's typed client of the Worker's API: one function per route the browser calls. Every
// address comes from src/core/api-paths.ts; every call goes through `request` (src/lib/api.ts),
// or `upload` for the multipart uploads that report their progress, so the token, the JSON
// body, the 401 → /login rule and the error texts are the same for all.
// Answers with a zod schema in src/core/schemas/ are parsed with it; an answer that does not fit
// is a server fault and fails like one (ApiError 502, 'Errore server: 502').
import { adminPaths, authPaths, fanPaths, pagePaths } from '../core/api-paths';
import { CSV_BOM } from '../core/csv';
import { fansCsvFilename } from '../core/fans-export';
import { t } from '../core/messages';
import {
  companiesAnswerSchema,
  historyAnswerSchema,
  type StatsAnswer,
  statsAnswerSchema,
  userActionAnswerSchema,
  usersPageSchema,
} from '../core/schemas/admin';
import {
  type AdminFanTotals,
  adminFanTotalsSchema,
  type FanSummary,
  fanAlertAnswerSchema,
  fanListSchema,
  fanSummarySchema,
} from '../core/schemas/fans';
import type { ButtonSaleBody } from '../core/schemas/button-sale';
import {
  type ButtonAsReceived,
  buttonAsReceivedSchema,
  type PageAsReceived,
  type PageListItem,
  type PagePayload,
  pageAsReceivedSchema,
  pageDeletedSchema,
  pageListItemSchema,
} from '../core/schemas/page';
import { type PageStats, pageStatsSchema, statsCsvFilename } from '../core/schemas/stats';
import { trackedUrlSchema } from '../core/schemas/tracking';
import { romeBucket } from '../core/traffic';
import { successAnswerSchema } from '../core/schemas/success';
import { type CompanyRole, loginAnswerSchema, type User, userSchema } from '../core/schemas/user';
import { z } from '../core/zod';
import { ApiError, getToken, type RequestOptions, request, type UploadOptions, upload } from './api';

const BAD_ANSWER_STATUS = 502;

export async function parsed<S extends z.ZodType>(schema: S, answer: Promise<unknown>): Promise<z.output<S>> {
  const data = await answer;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.error(result.error);
  throw new ApiError(BAD_ANSWER_STATUS, t('error.server', { status: BAD_ANSWER_STATUS }), null, data);
}

// ---------------------------------------------------------------------------------------------
// Pages

export function listPages(): Promise<PageListItem[]> {
  return parsed(z.array(pageListItemSchema), request(pagePaths.list));
}

export function getPage(slug: string): Promise<PageAsReceived> {
  return parsed(pageAsReceivedSchema, request(pagePaths.page(slug)));
}

export function createPage(payload: PagePayload): Promise<PageAsReceived> {
  return parsed(pageAsReceivedSchema, request(pagePaths.list, { method: 'POST', json: payload }));
}

export function updatePage(slug: string, payload: PagePayload): Promise<PageAsReceived> {
  return parsed(pageAsReceivedSchema, request(pagePaths.page(slug), { method: 'PUT', json: payload }));
}

export async function deletePage(slug: string): Promise<void> {
  await parsed(pageDeletedSchema, request(pagePaths.page(slug), { method: 'DELETE' }));
}

export function setPageVisibility(slug: string, visible: boolean): Promise<PageListItem> {
  return parsed(pageListItemSchema, request(pagePaths.visibility(slug, visible), { method: 'PATCH' }));
}

/** One event's sale alone (docs/api.md): the button as saved, the page republished. */
export function setButtonSale(slug: string, buttonId: number, change: ButtonSaleBody): Promise<ButtonAsReceived> {
  return parsed(
    buttonAsReceivedSchema,
    request(pagePaths.buttonSale(slug, buttonId), { method: 'PATCH', json: change }),
  );
}

/** A date's pending change from its ticket page applied or ignored (docs/behaviour.md#keeping-up-with-the-ticket-page). */
export function answerTicketChange(
  slug: string,
  buttonId: number,
  action: 'apply' | 'ignore',
): Promise<ButtonAsReceived> {
  return parsed(buttonAsReceivedSchema, request(pagePaths.ticketChange(slug, buttonId), { json: { action } }));
}

export function setPageCompany(slug: string, company: string): Promise<PageListItem> {
  return parsed(pageListItemSchema, request(pagePaths.company(slug), { method: 'PATCH', json: { company } }));
}

/**
 * The header image or video as the multipart field `image`, and with a video the poster frame
 * taken in the browser as `poster` (a header sent without one clears the page's poster).
 */
export async function uploadHeader(
  slug: string,
  file: File,
  poster: File | null = null,
  opts: UploadOptions = {},
): Promise<void> {
  const body = new FormData();
  body.append('image', file, file.name);
  if (poster) body.append('poster', poster, poster.name);
  // the saved paths are read back with the page once the save's files are in
  await upload(pagePaths.headerUpload(slug), body, opts);
}

/** A poster frame for the page's saved video header, as the multipart field `poster`. */
export async function uploadPoster(slug: string, poster: File, opts: UploadOptions = {}): Promise<void> {
  const body = new FormData();
  body.append('poster', poster, poster.name);
  await upload(pagePaths.posterUpload(slug), body, opts);
}

/**
 * New button images: each file as `button_images`, and `image_mapping` telling which button
 * (0-based index in position order) each file, in sending order, belongs to.
 */
export async function uploadButtonImages(
  slug: string,
  images: ReadonlyArray<{ file: File; index: number }>,
  opts: UploadOptions = {},
): Promise<void> {
  const body = new FormData();
  const mapping: Record<string, number> = {};
  images.forEach(({ file, index }, order) => {
    body.append('button_images', file, file.name);
    mapping[String(order)] = index;
  });
  body.append('image_mapping', JSON.stringify(mapping));
  await upload(pagePaths.buttonImagesUpload(slug), body, opts);
}

/**
 * The saved header through the Worker's image proxy, as a raw response: the palette reads its
 * bytes and treats any failure as 'no palette', so a 401 here never ends the session.
 */
export function fetchHeaderImage(slug: string, signal?: AbortSignal): Promise<Response> {
  const token = getToken();
  return fetch(pagePaths.imageProxy(slug), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
}

/** The page's views and clicks over the last `days` days (1–400), per day, source, device, country and button. */
export function pageStats(slug: string, days: number): Promise<PageStats> {
  return parsed(pageStatsSchema, request(pagePaths.stats(slug, days)));
}

/**
 * The same period as a CSV file, ready to save: the route needs the session's token, so a plain
 * link cannot download it. The file is named as the Worker names it, from its first and last day.
 */
export async function pageStatsCsv(slug: string, days: number): Promise<{ blob: Blob; filename: string }> {
  const text = await parsed(z.string(), request(pagePaths.statsCsv(slug, days)));
  const dates = text.match(/^\d{4}-\d{2}-\d{2}/gm) ?? [];
  const filename = statsCsvFilename(slug, { from: dates[0] ?? '', to: dates.at(-1) ?? '' });
  return { blob: new Blob([text], { type: 'text/csv;charset=utf-8' }), filename };
}

// ---------------------------------------------------------------------------------------------
// Fans of a page

/** The page's fans (confirmed, pending, per city), sign-ups per day over `days` days and its alerts. */
export function fanSummary(slug: string, days: number): Promise<FanSummary> {
  return parsed(fanSummarySchema, request(fanPaths.summary(slug, days)));
}

/** The page's fans whose address holds `query` ('' for all), newest first, and how many match. */
export function fanList(slug: string, query: string) {
  return parsed(fanListSchema, request(fanPaths.list(slug, query)));
}

/**
 * The confirmed fans as a CSV file, ready to save (the route needs the session's token). Reading
 * the answer as text drops its byte order mark, which Excel needs to read the accents: it is put
 * back. Named as the Worker names it, after today's Europe/Rome day.
 */
export async function fansCsv(slug: string): Promise<{ blob: Blob; filename: string }> {
  const text = await request<string>(fanPaths.csv(slug));
  const body = text.startsWith(CSV_BOM) ? text : CSV_BOM + text;
  const filename = fansCsvFilename(slug, romeBucket(Date.now()).day);
  return { blob: new Blob([body], { type: 'text/csv;charset=utf-8' }), filename };
}

export async function deleteFan(slug: string, id: number): Promise<void> {
  await parsed(successAnswerSchema, request(fanPaths.fan(slug, id), { method: 'DELETE' }));
}

/** 'Invia ora': a scheduled alert leaves without waiting for its grace delay (the view reloads its alerts). */
export async function sendFanAlert(slug: string, id: number): Promise<void> {
  await parsed(fanAlertAnswerSchema, request(fanPaths.sendAlert(slug, id), { method: 'POST' }));
}

/** 'Annulla': a scheduled alert never leaves (the view reloads its alerts). */
export async function cancelFanAlert(slug: string, id: number): Promise<void> {
  await parsed(fanAlertAnswerSchema, request(fanPaths.cancelAlert(slug, id), { method: 'POST' }));
}

/** A ticket-host link with the tracking parameters added. */
export function trackUrl(url: string, slug: string | undefined) {
  return parsed(trackedUrlSchema, request(pagePaths.trackUrl, { method: 'POST', json: { url, slug } }));
}

// ---------------------------------------------------------------------------------------------
// Administration

/** The companies with an approved member: the signup form's suggestions (read anonymously). */
export async function listCompanies(): Promise<string[]> {
  return (await parsed(companiesAnswerSchema, request(adminPaths.companies))).companies;
}

/** Every company (administrators): the users screen's filter and company picker. */
export async function listAllCompanies(): Promise<string[]> {
  return (await parsed(companiesAnswerSchema, request(adminPaths.allCompanies))).companies;
}

export function listPendingUsers() {
  return parsed(usersPageSchema, request(adminPaths.pendingUsers));
}

/** `query` is the filters' query string (see usersQuery in src/stores/admin/users.ts). */
export function listUsers(query: string) {
  return parsed(usersPageSchema, request(`${adminPaths.allUsers}?${query}`));
}

/** The users' counts by status, with the pages' totals and all views and clicks beside them. */
export function getAdminStats(): Promise<StatsAnswer> {
  return parsed(statsAnswerSchema, request(adminPaths.stats));
}

/** Confirmed fans per company and in all. */
export function getAdminFanTotals(): Promise<AdminFanTotals> {
  return parsed(adminFanTotalsSchema, request(fanPaths.adminTotals));
}

/** The changed user, as every action on one user answers it. */
function userAction(path: string, init: RequestOptions) {
  return parsed(userActionAnswerSchema, request(path, init));
}

export function approveUser(id: number) {
  return userAction(adminPaths.approve(id), { method: 'POST', json: { action: 'approve' } });
}

/** An empty reason is left out of the body. */
export function rejectUser(id: number, reason: string) {
  return userAction(adminPaths.approve(id), {
    method: 'POST',
    json: reason ? { action: 'reject', reason } : { action: 'reject' },
  });
}

export function banUser(id: number) {
  return userAction(adminPaths.ban(id), { method: 'POST' });
}

export function unbanUser(id: number) {
  return userAction(adminPaths.unban(id), { method: 'POST' });
}

export function makeAdmin(id: number) {
  return userAction(adminPaths.makeAdmin(id), { method: 'POST' });
}

export function removeAdmin(id: number) {
  return userAction(adminPaths.removeAdmin(id), { method: 'POST' });
}

/** The account joins `company` with the role the administrator picks (docs/behaviour.md#teams). */
export function changeUserCompany(
  id: number,
  company: string,
  team: { role: CompanyRole; fans_access: boolean } = { role: 'editor', fans_access: false },
) {
  return userAction(adminPaths.company(id), { method: 'PATCH', json: { company, ...team } });
}

export function deleteUser(id: number) {
  return parsed(successAnswerSchema, request(adminPaths.user(id), { method: 'DELETE' }));
}

export async function userHistory(id: number) {
  return (await parsed(historyAnswerSchema, request(adminPaths.history(id)))).history;
}

// ---------------------------------------------------------------------------------------------
// Accounts and sessions: a 401 here is an answer (wrong password, no session), not an expiry

const asAnswer = { redirectOn401: false } as const;

export function getMe(): Promise<User> {
  return parsed(userSchema, request(authPaths.me, asAnswer));
}

/** The password login is form-encoded (username = e-mail). */
export function loginWithPassword(email: string, password: string) {
  return parsed(loginAnswerSchema, request(authPaths.login, { form: { username: email, password }, ...asAnswer }));
}

export async function logoutSession(): Promise<void> {
  await request(authPaths.logout, { method: 'POST', ...asAnswer });
}

/**
 * The new account answered is not used: it is pending until an administrator approves it.
 * `invitation` is the token of a /signup?invito= link (docs/behaviour.md#teams).
 */
export async function register(body: {
  email: string;
  password: string;
  full_name: string | null;
  company: string | null;
  invitation?: string;
}): Promise<void> {
  await request(authPaths.register, { json: body, ...asAnswer });
}

export async function verifyEmail(token: string): Promise<void> {
  await request(authPaths.verify, { json: { token }, ...asAnswer });
}

export async function requestVerifyToken(email: string): Promise<void> {
  await request(authPaths.requestVerifyToken, { json: { email }, ...asAnswer });
}

export async function forgotPassword(email: string): Promise<void> {
  await request(authPaths.forgotPassword, { json: { email }, ...asAnswer });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await request(authPaths.resetPassword, { json: { token, password }, ...asAnswer });
}
