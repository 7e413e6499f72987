// Helpers for the organiser's fan route tests (fans-owner*.test.ts): a tour page made through the
// API, and fans, cities, suppressions, alerts and deliveries seeded straight into D1.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { ALL_CITIES, cityKey, FAN_CONSENT_VERSION } from '../../src/core/fans';
import { type FanSummary, fanSummarySchema } from '../../src/core/schemas/fans';
import { romeBucket } from '../../src/core/traffic';
import { call, createPage, eventButton, type TestUser, textPage, uniqueSlug } from './helpers';

export const BASE = API_PREFIX.pages;

/** Milano and Roma on the tour (2099), Napoli only in the past, Firenze on the tour with no fan. */
export const TOUR = [
  eventButton('12/05/2099 - Milano - Alcatraz|biglietti'),
  eventButton('13/05/2099 - Roma - Atlantico|biglietti'),
  eventButton('14/05/2020 - Napoli - Casa della Musica|biglietti'),
  eventButton('15/05/2099 - Firenze - Tuscany Hall|biglietti'),
  eventButton('20/05/2099 - Milano - Fabrique|biglietti'),
];

let companySeq = 0;
export function uniqueCompany(): string {
  companySeq += 1;
  return `Fan Live ${Date.now().toString(36)} ${companySeq}`;
}

export async function tourPage(user: TestUser, buttons = TOUR) {
  const slug = uniqueSlug('fan');
  const page = await createPage(
    user.token,
    textPage(slug, { title: `Tour ${slug}`, display_title: 'Il Tour', buttons }),
  );
  return {
    slug,
    id: page.id as number,
    buttons: (page.buttons as Array<{ id: number; position: number }>)
      .sort((a, b) => a.position - b.position)
      .map((b) => b.id),
  };
}

export interface SeedFan {
  /** city names as typed, or ALL_CITIES */
  cities?: string[];
  /** null: still waiting for the confirmation; by default the sign-up's time */
  confirmed_at?: string | null;
  created_at?: string;
  consent_version?: string;
}

let emailSeq = 0;
export function fanEmail(prefix = 'fan'): string {
  emailSeq += 1;
  return `${prefix}.${Date.now().toString(36)}.${emailSeq}@example.it`;
}

/** A fan of the page with the cities they follow, as the sign-up and the confirmation leave them. */
export async function seedFan(pageId: number, email: string, fan: SeedFan = {}): Promise<number> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      pageId,
      email,
      fan.consent_version ?? FAN_CONSENT_VERSION,
      fan.created_at ?? now,
      fan.confirmed_at === undefined ? (fan.created_at ?? now) : fan.confirmed_at,
      fan.created_at ?? now,
    )
    .first<{ id: number }>();
  const id = row!.id;
  const cities = fan.cities ?? [ALL_CITIES];
  if (cities.length > 0) {
    await env.DB.batch(
      cities.map((city, i) =>
        env.DB.prepare(
          'INSERT INTO fan_cities (fan_id, city_key, city, requested, created_at) VALUES (?, ?, ?, ?, ?)',
        ).bind(id, city === ALL_CITIES ? ALL_CITIES : cityKey(city), city, 0, new Date(Date.now() + i).toISOString()),
      ),
    );
  }
  return id;
}

export async function suppress(email: string, reason: 'bounced' | 'complained' = 'bounced'): Promise<void> {
  await env.DB.prepare('INSERT OR IGNORE INTO fan_suppressions (email, reason) VALUES (?, ?)')
    .bind(email, reason)
    .run();
}

export async function seedAlert(
  pageId: number,
  alert: { status?: string; button_ids?: unknown; due_at?: string; recipients?: number; finished_at?: string | null },
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO fan_alerts (page_id, status, button_ids, due_at, recipients, finished_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      pageId,
      alert.status ?? 'scheduled',
      JSON.stringify(alert.button_ids ?? []),
      alert.due_at ?? new Date(Date.now() + 10 * 60_000).toISOString(),
      alert.recipients ?? 0,
      alert.finished_at ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

export async function deliver(alertId: number, fanIds: number[], status: 'sending' | 'sent' | 'failed'): Promise<void> {
  await env.DB.batch(
    fanIds.map((fanId) =>
      env.DB.prepare('INSERT INTO fan_deliveries (alert_id, fan_id, status, attempts) VALUES (?, ?, ?, 1)').bind(
        alertId,
        fanId,
        status,
      ),
    ),
  );
}

export async function summary(slug: string, token: string, query = ''): Promise<FanSummary> {
  const res = await call(`${BASE}/${slug}/fans${query}`, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return fanSummarySchema.parse(await res.json());
}

export const today = () => romeBucket(Date.now()).day;
