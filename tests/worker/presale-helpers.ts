// Helpers for the presale e-mail tests (presale-delivery*.test.ts): a page whose Milano date has
// a presale, its one-time codes straight in D1 (the codes routes are tested on their own), the
// presale alert's row, the per-minute cron with its FANS messages recorded, and the provider
// stubbed at the transport (globalThis.fetch), as the fan alert tests do.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, vi } from 'vitest';
import worker from '../../worker/index';
import * as alerts from './fan-alerts-helpers';
import { iso, type Queued, recordingQueue, TICKETS } from './sale-alerts-helpers';

export const PRESALE_URL = 'https://www.ticketone.it/presale/milano?lang=it';
export const RESEND = { ...env, MAILER: 'resend', RESEND_API_KEY: 're_test' } as Cloudflare.Env;

export interface PresaleSetup {
  /** the presale's start (ms) */
  start: number;
  /** the general on-sale instant (ms) */
  sale: number;
  shared_code?: string | null;
  ends_at?: number;
}

/** PUT the page with its Roma date and the Milano date with this presale (or none). */
export async function savePresale(p: alerts.AlertPage, setup: PresaleSetup | null, extra = {}) {
  const isMilano = (text: unknown) => String(text).startsWith('12/05/2099');
  const milanoId = p.buttons.find((b) => isMilano(b.text))?.id;
  const roma = alerts.kept(p).filter((b) => !isMilano(b.text));
  const sale = setup?.sale ?? Date.now() + 30 * alerts.MINUTE;
  const milano = {
    ...(milanoId ? { id: milanoId } : {}),
    type: 'text',
    text: alerts.MILANO,
    cta_buttons: [{ url: TICKETS, buttonText: 'biglietti', on_sale_at: iso(sale) }],
    presale:
      setup === null
        ? null
        : {
            starts_at: iso(setup.start),
            ...(setup.ends_at ? { ends_at: iso(setup.ends_at) } : {}),
            url: PRESALE_URL,
            shared_code: setup.shared_code ?? null,
          },
  };
  const page = await alerts.savePage(p, [...roma, milano], extra);
  return page.buttons.find((b: { text: string }) => isMilano(b.text)).id as number;
}

/** One-time codes for a date, loaded in this order. */
export async function loadCodes(buttonId: number, codes: readonly string[]): Promise<void> {
  await env.DB.prepare('INSERT INTO presale_codes (button_id, code) SELECT ?, value FROM json_each(?)')
    .bind(buttonId, JSON.stringify(codes))
    .run();
}

export interface CodeRow {
  code: string;
  fan_id: number | null;
  assigned_at: string | null;
  sent_at: string | null;
}

export async function codeRows(buttonId: number): Promise<CodeRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT code, fan_id, assigned_at, sent_at FROM presale_codes WHERE button_id = ? ORDER BY id',
  )
    .bind(buttonId)
    .all<CodeRow>();
  return results;
}

export async function presaleRow(buttonId: number) {
  return env.DB.prepare(
    `SELECT id, status, due_at, recipients FROM fan_alerts WHERE button_id = ? AND kind = 'presale'`,
  )
    .bind(buttonId)
    .first<{ id: number; status: string; due_at: string; recipients: number }>();
}

/** The per-minute Cron Trigger at `at`; answers the FANS messages of this alert it queued. */
export async function runCron(at: number, alertId: number): Promise<Queued[]> {
  const { sent, queue } = recordingQueue();
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: '* * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, { ...env, FANS: queue } as Cloudflare.Env, ctx);
  await waitOnExecutionContext(ctx);
  return sent.filter((m) => m.body.alert_id === alertId);
}

export interface ProviderCall {
  key: string | null;
  body: Array<{ to: string[]; subject: string; text: string; html: string; headers: Record<string, string> }>;
}

/**
 * The provider stubbed at the transport: every call recorded; `answers` are taken in turn (then
 * 200). Call in a beforeEach.
 */
export function stubProvider() {
  const calls: ProviderCall[] = [];
  const answers: Array<() => Response> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    calls.push({ key: new Headers(init?.headers).get('idempotency-key'), body: JSON.parse(String(init?.body)) });
    const next = answers.shift();
    return next ? next() : Response.json({ data: [] });
  });
  return { calls, answers };
}

/**
 * For a whole file: before each test the console quiet and the provider stubbed (stubProvider),
 * after it the clock real and every stub undone. Answers the running test's calls and answers.
 */
export function providerPerTest(): ReturnType<typeof stubProvider> {
  let stub: ReturnType<typeof stubProvider> = { calls: [], answers: [] };
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stub = stubProvider();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return {
    get calls() {
      return stub.calls;
    },
    get answers() {
      return stub.answers;
    },
  };
}

/** A presale that opened a minute ago, the general sale in a day: open on the real clock. */
export const openNow = () => ({
  start: Math.floor(Date.now() / 1000) * 1000 - 60_000,
  sale: Date.now() + 24 * 3_600_000,
});

/** Every e-mail the stub was given, per address (a fan twice shows twice). */
export function mailsTo(calls: readonly ProviderCall[]): Map<string, ProviderCall['body']> {
  const byFan = new Map<string, ProviderCall['body']>();
  for (const call of calls)
    for (const mail of call.body) byFan.set(mail.to[0]!, [...(byFan.get(mail.to[0]!) ?? []), mail]);
  return byFan;
}

/** The code an e-mail carries ('Il tuo codice: X' in its text), or null. */
export function codeIn(text: string): string | null {
  return /^Il (?:tuo codice|codice della prevendita): (.+)$/m.exec(text)?.[1] ?? null;
}

/** A page with its Milano date's presale and fans: `milano` Milano fans, one 'Tutte le date', one Roma. */
export async function presalePage(milano: number, setup: PresaleSetup) {
  const p = await alerts.alertPage();
  const fans = Array.from({ length: milano }, (_, i) => alerts.fanEmail(`milano${i}`));
  const ids: number[] = [];
  for (const email of fans) ids.push(await alerts.seedFan(p.id, email, ['Milano']));
  const roma = alerts.fanEmail('roma');
  await alerts.seedFan(p.id, roma, ['Roma']);
  const buttonId = await savePresale(p, setup);
  const row = await presaleRow(buttonId);
  if (!row) throw new Error('no presale alert');
  return { p, fans, ids, roma, buttonId, alertId: row.id };
}
