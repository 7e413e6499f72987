// The site's client of a date's presale routes (docs/api.md#presales): the figures, and the
// one-time codes sent as text (one a line, or a CSV), added or, before the presale starts,
// replaced. Paths from src/core/api-paths.ts; every call goes through `request`.
import { pagePaths } from '../core/api-paths';
import { presaleCodesResultSchema, presaleCountsSchema } from '../core/schemas/presale';
import { parsed } from './api-client';
import { request } from './api';

export function presaleCounts(slug: string, buttonId: number) {
  return parsed(presaleCountsSchema, request(pagePaths.presale(slug, buttonId)));
}

/** Adds codes (POST); `replace` swaps them all (PUT), refused once the presale has started. */
export function sendPresaleCodes(slug: string, buttonId: number, text: string, replace = false) {
  return parsed(
    presaleCodesResultSchema,
    request(pagePaths.presaleCodes(slug, buttonId), { method: replace ? 'PUT' : 'POST', body: text }),
  );
}
