// The role × route matrix of docs/behaviour.md#teams: every pages, stats, uploads, presale and fans route
// for a Titolare, an Editor (with and without 'Dati dei fan'), a Lettore, a request that waits, a
// removed member, a Titolare of another company and an administrator.
import { describe, it } from 'vitest';
import { fanPaths, pagePaths } from '../../src/core/api-paths';
import { textPage } from './helpers';
import { ACTORS, expectVerdict, type RouteCase } from './roles-helpers';

const EMPTY_MULTIPART: [string, { method: string; body: FormData }] = ['', { method: 'POST', body: new FormData() }];
/** an upload without a file is refused past the policy (422/415), never 2xx */
const refusedUpload = (status: number) => status === 415 || status === 422;

/** one-time codes as the presale routes take them (docs/api.md#presales) */
const CODES = { body: 'M-1\nM-2\n', headers: { 'content-type': 'text/plain' } };

const ROUTES: RouteCase[] = [
  { name: 'GET page', right: 'read', make: (s) => [pagePaths.page(s.slug), {}] },
  { name: 'GET stats', right: 'read', make: (s) => [pagePaths.stats(s.slug, 7), {}] },
  { name: 'GET stats.csv', right: 'read', make: (s) => [pagePaths.statsCsv(s.slug, 7), {}] },
  { name: 'GET fans summary (counts)', right: 'read', make: (s) => [fanPaths.summary(s.slug, 7), {}] },
  { name: 'GET fan alerts', right: 'read', make: (s) => [`${pagePaths.page(s.slug)}/fans/alerts`, {}] },
  {
    name: 'PUT page (save)',
    right: 'write',
    make: (s) => [pagePaths.page(s.slug), { method: 'PUT', json: textPage(s.slug, { title: `Tour ${s.slug}` }) }],
  },
  {
    name: 'PATCH page (schedule)',
    right: 'write',
    make: (s) => [pagePaths.page(s.slug), { method: 'PATCH', json: { show_past: true } }],
  },
  {
    name: 'PATCH visibility',
    right: 'write',
    make: (s) => [pagePaths.visibility(s.slug, false), { method: 'PATCH' }],
  },
  {
    name: 'PATCH availability',
    right: 'write',
    make: (s) => [pagePaths.buttonSale(s.slug, s.buttonId), { method: 'PATCH', json: { availability: 'sold_out' } }],
  },
  {
    // the scene's date has no ticket page, so nothing is pending: past the policy, a 409
    name: 'POST ticket change (apply / ignore)',
    right: 'write',
    make: (s) => [pagePaths.ticketChange(s.slug, s.buttonId), { method: 'POST', json: { action: 'ignore' } }],
    allowed: (status) => status === 409,
  },
  {
    name: "POST alert 'Invia ora'",
    right: 'write',
    make: (s) => [fanPaths.sendAlert(s.slug, s.alertId), { method: 'POST' }],
  },
  {
    name: 'POST alert cancel',
    right: 'write',
    make: (s) => [fanPaths.cancelAlert(s.slug, s.alertId), { method: 'POST' }],
  },
  {
    name: 'POST header upload',
    right: 'write',
    make: (s) => [pagePaths.headerUpload(s.slug), EMPTY_MULTIPART[1]],
    allowed: refusedUpload,
  },
  {
    name: 'POST poster upload',
    right: 'write',
    make: (s) => [pagePaths.posterUpload(s.slug), EMPTY_MULTIPART[1]],
    allowed: refusedUpload,
  },
  {
    name: 'POST button images upload',
    right: 'write',
    make: (s) => [pagePaths.buttonImagesUpload(s.slug), EMPTY_MULTIPART[1]],
    allowed: refusedUpload,
  },
  {
    name: 'DELETE button image',
    right: 'write',
    make: (s) => [pagePaths.buttonImage(s.slug, '1.1.png'), { method: 'DELETE' }],
    // no such file: past the policy the answer is the file's 404
    allowed: (status) => status === 404,
  },
  { name: 'GET presale figures', right: 'read', make: (s) => [pagePaths.presale(s.slug, s.buttonId), {}] },
  {
    name: 'POST presale codes',
    right: 'write',
    make: (s) => [pagePaths.presaleCodes(s.slug, s.buttonId), { method: 'POST', ...CODES }],
  },
  {
    name: 'PUT presale codes (replace)',
    right: 'write',
    make: (s) => [pagePaths.presaleCodes(s.slug, s.buttonId), { method: 'PUT', ...CODES }],
  },
  {
    // past the policy the address is refused on paper (422): nothing is fetched
    name: 'POST ticket import (with the page)',
    right: 'write',
    make: (s) => [pagePaths.ticketImport, { method: 'POST', json: { url: 'https://10.0.0.1/', slug: s.slug } }],
    allowed: (status) => status === 422,
  },
  { name: "GET presale codes' CSV", right: 'fans', make: (s) => [pagePaths.presaleCsv(s.slug, s.buttonId), {}] },
  { name: "GET fans' list", right: 'fans', make: (s) => [fanPaths.list(s.slug, ''), {}] },
  { name: "GET fans' CSV", right: 'fans', make: (s) => [fanPaths.csv(s.slug), {}] },
  { name: 'DELETE a fan', right: 'fans', make: (s) => [fanPaths.fan(s.slug, s.fanId), { method: 'DELETE' }] },
  { name: 'DELETE page', right: 'owner', make: (s) => [pagePaths.page(s.slug), { method: 'DELETE' }] },
];

describe('role × route matrix: pages, stats, uploads and fans', () => {
  describe.each(ROUTES)('$name', (route) => {
    it.each(ACTORS)('$name', async (actor) => {
      await expectVerdict(route, actor);
    });
  });
});
