/**
 * The activity log as GET /api/company/activity answers it (docs/behaviour.md#activity-log):
 * newest first, each act with its Italian label and its company's name.
 */
import { DEFAULT_COMPANY } from '../../../src/core/constants';
import { OPERATOR_COMPANY_KEY } from '../../../src/core/company';
import { type MessageKey, t } from '../../../src/core/messages';
import type { ActivityEntryAnswer } from '../../../src/core/schemas/team';
import { listActivity, type ActivityRow } from '../../db/activity';

export interface ActivityFilters {
  member?: number;
  page?: string;
  before?: number;
  limit: number;
}

/** The display names of the companies the rows belong to: the companies list, else an account's spelling. */
async function companyNames(db: D1Database, rows: ActivityRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>([[OPERATOR_COMPANY_KEY, DEFAULT_COMPANY]]);
  const lookup = async (sql: string, keys: string[]) => {
    if (keys.length === 0) return;
    const { results } = await db
      .prepare(sql.replace('(?)', `(${keys.map(() => '?').join(', ')})`))
      .bind(...keys)
      .all<{ key: string; name: string }>();
    for (const r of results) if (!names.has(r.key)) names.set(r.key, r.name);
  };
  const missing = () => [...new Set(rows.map((r) => r.company_key))].filter((k) => !names.has(k));
  await lookup('SELECT key, name FROM companies WHERE key IN (?)', missing());
  await lookup(
    'SELECT company_key AS key, min(company) AS name FROM users WHERE company_key IN (?) GROUP BY company_key',
    missing(),
  );
  return names;
}

function label(action: string): string {
  const key = `activity.${action}`;
  return t(key as MessageKey);
}

/** One page of the log of a company (null: every company's, for administrators). */
export async function activityPage(
  db: D1Database,
  companyKey: string | null,
  filters: ActivityFilters,
): Promise<{ entries: ActivityEntryAnswer[]; next_before: number | null }> {
  const rows = await listActivity(db, {
    company_key: companyKey,
    actor_id: filters.member,
    page_slug: filters.page,
    before: filters.before,
    limit: filters.limit,
  });
  const names = await companyNames(db, rows);
  const entries = rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor_name: r.actor_name,
    actor_email: r.actor_email,
    action: r.action,
    text: label(r.action),
    page_slug: r.page_slug,
    page_title: r.page_title,
    target_name: r.target_name,
    summary: r.summary,
    company: names.get(r.company_key) ?? r.company_key,
  }));
  const last = rows.at(-1);
  return { entries, next_before: rows.length === filters.limit && last ? last.id : null };
}
