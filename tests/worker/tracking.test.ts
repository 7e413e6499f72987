import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { trackedUrlSchema } from '../../src/core/schemas/tracking';

describe('POST /api/track-url', () => {
  it.each([
    [
      'https://www.ticketone.it/event/1?a=b',
      'https://www.ticketone.it/event/1?a=b&utm_source=palco&utm_medium=landing&utm_campaign=tour',
    ],
    ['ticketone.it/x', 'https://ticketone.it/x?utm_source=palco&utm_medium=landing&utm_campaign=tour'],
    [
      'https://vivaticket.com/it/ticket?utm_source=old',
      'https://vivaticket.com/it/ticket?utm_source=palco&utm_medium=landing&utm_campaign=tour',
    ],
    [
      'https://www.vivaticket.com/',
      'https://www.vivaticket.com/?utm_source=palco&utm_medium=landing&utm_campaign=tour',
    ],
    ['https://example.com/x', 'https://example.com/x'],
    ['https://ticketone.it.evil.com/x', 'https://ticketone.it.evil.com/x'],
    ['https://notticketone.it/x', 'https://notticketone.it/x'],
  ])('%s', async (url, tracked) => {
    const res = await call('/api/track-url', { json: { url, slug: 'tour' } });
    expect(res.status).toBe(200);
    expect(trackedUrlSchema.parse(await res.json())).toEqual({ success: true, tracked_url: tracked });
  });

  it('refuses unsafe links and bad bodies', async () => {
    const res = await call('/api/track-url', { json: { url: 'javascript:alert(1)' } });
    expect(trackedUrlSchema.parse(await res.json())).toEqual({ success: false, tracked_url: 'javascript:alert(1)' });
    expect((await call('/api/track-url', { json: {} })).status).toBe(422);
    expect((await call('/api/track-url', { body: '{', headers: { 'content-type': 'application/json' } })).status).toBe(
      422,
    );
  });
});
