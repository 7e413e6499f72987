// The COUNTS queue's consumer, handed batches directly: a message counted once, a failed write
// retried whole, the publishing window judged at sending, the daily cap on sources, sign-ups on the
// view rows, junk dropped (docs/architecture.md#counting-pipeline).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { QueueMessage } from '../../worker/env';
import { FOLDED, romeBucket, SOURCES_PER_DAY } from '../../src/core/traffic';
import { instantText } from '../../src/core/schedule';
import type { CountRow } from '../../worker/services/counting';
import { byColumn, published, signupsBy, totals } from './counting-helpers';

describe('the queue consumer', () => {
  function row(slug: string, extra: Partial<CountRow> = {}): CountRow {
    const { day, hour } = romeBucket(Date.now());
    return { s: slug, d: day, h: hour, b: 0, k: 0, src: 'direct', dev: 'mobile', cc: 'IT', v: 1, c: 0, f: 0, ...extra };
  }

  async function deliver(messages: Array<{ id: string; body: unknown; timestamp?: Date }>) {
    const batch = createMessageBatch(
      'palco-counts',
      messages.map((m) => ({ timestamp: new Date(), ...m, attempts: 1 })),
    );
    const ctx = createExecutionContext();
    // any body, also one no producer sends: the consumer checks each one
    await worker.queue(batch as MessageBatch<QueueMessage>, env, ctx);
    return getQueueResult(batch, ctx);
  }

  it('counts a message delivered twice once', async () => {
    const { slug, buttonIds } = await published('dup');
    const messages = [
      { id: `m-${slug}-1`, body: { rows: [row(slug, { v: 3 })] } },
      { id: `m-${slug}-2`, body: { rows: [row(slug, { b: buttonIds[0]!, v: 0, c: 2 })] } },
    ];
    expect((await deliver(messages)).ackAll).toBe(true);
    expect((await deliver(messages)).ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 3, clicks: 2, bucket_views: 3, bucket_clicks: 2 });
  });

  it('a write that fails is retried whole, writes nothing, and the retry ends exact', async () => {
    const { slug } = await published('fail');
    const messages = [{ id: `m-${slug}-f`, body: { rows: [row(slug, { v: 7 })] } }];
    await env.DB.exec('ALTER TABLE page_stats RENAME TO page_stats_away');
    let failed: Awaited<ReturnType<typeof deliver>>;
    try {
      failed = await deliver(messages);
    } finally {
      await env.DB.exec('ALTER TABLE page_stats_away RENAME TO page_stats');
    }
    expect(failed.ackAll).toBe(false);
    expect(failed.retryMessages.map((m) => m.msgId)).toEqual([`m-${slug}-f`]);
    // one transaction: not even the lifetime total moved, and the id was not remembered
    expect(await totals(slug)).toEqual({ view_page: 0, clicks: 0, bucket_views: 0, bucket_clicks: 0 });
    expect((await deliver(messages)).ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 7, clicks: 0, bucket_views: 7, bucket_clicks: 0 });
  });

  it('judges the window at the instant a message was sent, not when it is written', async () => {
    const { slug, buttonIds } = await published('wint');
    const closed = Date.now() - 60_000;
    await env.DB.prepare('UPDATE landing_pages SET visible_until = ? WHERE folder_name = ?')
      .bind(instantText(closed), slug)
      .run();
    const click = row(slug, { b: buttonIds[0]!, v: 0, c: 1 });
    const result = await deliver([
      // sent a second before the window closed, written after (a queue retry): counted
      { id: `m-${slug}-1`, body: { rows: [row(slug, { v: 2 }), click] }, timestamp: new Date(closed - 1000) },
      // sent at the close and after it: not counted
      { id: `m-${slug}-2`, body: { rows: [row(slug, { v: 4 }), click] }, timestamp: new Date(closed) },
      { id: `m-${slug}-3`, body: { rows: [row(slug, { v: 8 }), click] }, timestamp: new Date() },
    ]);
    expect(result.ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 2, clicks: 1, bucket_views: 2, bucket_clicks: 1 });
    // and a window that opens later: what was sent before it is not counted either
    await env.DB.prepare('UPDATE landing_pages SET visible_from = ?, visible_until = NULL WHERE folder_name = ?')
      .bind(instantText(Date.now() + 60_000), slug)
      .run();
    await deliver([{ id: `m-${slug}-4`, body: { rows: [row(slug, { v: 16 })] } }]);
    expect(await totals(slug)).toEqual({ view_page: 2, clicks: 1, bucket_views: 2, bucket_clicks: 1 });
  });

  it(`keeps at most ${SOURCES_PER_DAY} sources of its own per page and day; later ones count, exactly, as '${FOLDED}'`, async () => {
    const { slug, buttonIds } = await published('cap');
    const other = await published('capo');
    const { day } = romeBucket(Date.now());
    const anotherDay = '2099-01-01';
    const named = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `promo-${String(from + i).padStart(3, '0')}`);
    // batch one: 30 sources of its own
    await deliver([{ id: `m-${slug}-a`, body: { rows: named(30).map((src) => row(slug, { src })) } }]);
    // batch two: 30 more; the 20 places left go to the most counted, then by name; the fixed
    // sources always keep theirs
    const second = named(30, 30).map((src, i) => row(slug, { src, v: i < 5 ? 10 : 1 }));
    await deliver([
      {
        id: `m-${slug}-b`,
        body: {
          rows: [
            ...second.slice(0, 15),
            row(slug, { src: 'instagram', v: 3 }),
            row(slug, { src: 'qr' }),
            row(slug, { src: 'direct', b: buttonIds[0]!, v: 0, c: 2 }),
            // an old source keeps its name; a new day and another page have their own places
            row(slug, { src: 'promo-000', v: 5 }),
            row(slug, { src: 'promo-999', d: anotherDay }),
            row(other.slug, { src: 'promo-999' }),
          ],
        },
      },
      { id: `m-${slug}-c`, body: { rows: second.slice(15).map((r) => ({ ...r, b: buttonIds[0]!, c: r.v, v: 0 })) } },
    ]);
    const sources = await env.DB.prepare(
      `SELECT s.day, s.source, SUM(s.views) AS views, SUM(s.clicks) AS clicks FROM page_stats s
       JOIN landing_pages p ON p.id = s.page_id WHERE p.folder_name = ? GROUP BY s.day, s.source`,
    )
      .bind(slug)
      .all<{ day: string; source: string; views: number; clicks: number }>();
    const today = sources.results.filter((r) => r.day === day);
    const own = today.filter((r) => !['instagram', 'qr', 'direct', FOLDED].includes(r.source));
    expect(own).toHaveLength(SOURCES_PER_DAY);
    // the first 30, then the 5 counted 10 times, then 15 more by name (promo-035 … promo-049)
    expect(own.map((r) => r.source).sort()).toEqual(named(50));
    expect(today.find((r) => r.source === FOLDED)).toEqual({ day, source: FOLDED, views: 0, clicks: 10 });
    expect(today.find((r) => r.source === 'promo-000')).toMatchObject({ views: 6 });
    expect(today.filter((r) => ['instagram', 'qr', 'direct'].includes(r.source))).toHaveLength(3);
    expect(sources.results.filter((r) => r.day === anotherDay).map((r) => r.source)).toEqual(['promo-999']);
    expect(Object.keys(await byColumn(other.slug, 'source'))).toEqual(['promo-999']);
    // exact: 30 + 5×10 + 10 + 3 + 1 + 5 + 1 views, 2 + 15 clicks
    expect(await totals(slug)).toEqual({ view_page: 100, clicks: 17, bucket_views: 100, bucket_clicks: 17 });
    // a later batch: every new source of the day is folded now, the kept ones keep counting
    await deliver([
      { id: `m-${slug}-d`, body: { rows: [row(slug, { src: 'promo-777' }), row(slug, { src: 'promo-049' })] } },
    ]);
    expect((await byColumn(slug, 'source'))[FOLDED]).toEqual({ views: 1, clicks: 10 });
    expect((await byColumn(slug, 'source'))['promo-049']).toEqual({ views: 1, clicks: 1 });
  });

  it('counts sign-ups (f) on the view rows; a message from before them (no f) still counts', async () => {
    const { slug, buttonIds } = await published('fanq');
    const { f: _none, ...old } = row(slug, { v: 2 });
    const result = await deliver([
      { id: `m-${slug}-1`, body: { rows: [old] } },
      { id: `m-${slug}-2`, body: { rows: [row(slug, { v: 1, f: 3 }), row(slug, { v: 0, f: 4, src: 'qr' })] } },
      { id: `m-${slug}-3`, body: { rows: [row(slug, { b: buttonIds[0]!, v: 0, c: 1 })] } },
    ]);
    expect(result.ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 3, clicks: 1, bucket_views: 3, bucket_clicks: 1 });
    expect(await signupsBy(slug)).toEqual({ total: 7, by: { direct: 3, qr: 4 } });
    // a negative or fractional count is no count message
    await deliver([{ id: `m-${slug}-4`, body: { rows: [row(slug, { f: -1 })] } }]);
    await deliver([{ id: `m-${slug}-5`, body: { rows: [row(slug, { f: 1.5 })] } }]);
    expect(await signupsBy(slug)).toEqual({ total: 7, by: { direct: 3, qr: 4 } });
  });

  it('weighs a new source’s sign-ups like its views and clicks for the last places of the day', async () => {
    const { slug } = await published('fancap');
    const own = Array.from({ length: SOURCES_PER_DAY - 1 }, (_, i) => row(slug, { src: `promo-${i}` }));
    await deliver([{ id: `m-${slug}-a`, body: { rows: own } }]);
    // one place left: 'zeta' has 3 sign-ups and no view, 'alfa' one view
    await deliver([
      {
        id: `m-${slug}-b`,
        body: { rows: [row(slug, { src: 'alfa' }), row(slug, { src: 'zeta', v: 0, f: 3 })] },
      },
    ]);
    const sources = await byColumn(slug, 'source');
    expect(Object.keys(sources)).toHaveLength(SOURCES_PER_DAY + 1);
    expect(sources[FOLDED]).toEqual({ views: 1, clicks: 0 });
    expect(sources.zeta).toEqual({ views: 0, clicks: 0 });
    expect(await signupsBy(slug)).toEqual({ total: 3, by: { zeta: 3 } });
  });

  it('drops a message that is not a count message and writes the rest', async () => {
    const { slug } = await published('bad');
    const result = await deliver([
      { id: `m-${slug}-x`, body: { rows: [{ s: slug, v: 'lots' }] } },
      { id: `m-${slug}-y`, body: 'hello' },
      { id: `m-${slug}-z`, body: { rows: [row(slug, { v: 2, src: 'newsletter' })] } },
    ]);
    expect(result.ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 2, clicks: 0, bucket_views: 2, bucket_clicks: 0 });
    expect(await byColumn(slug, 'source')).toEqual({ newsletter: { views: 2, clicks: 0 } });
  });
});
