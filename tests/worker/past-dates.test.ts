import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { publishPage } from '../../worker/services/pages/publish';
import { call } from './helpers';
import { seedPage, settle, slugFor } from './public-helpers';

describe('the published page and past dates', () => {
  const buttons = [
    {
      text: '1 gennaio 2020 - Como - Teatro Sociale|biglietti',
      cta_buttons: [{ url: 'https://t.example/como', buttonText: 'biglietti' }],
    },
    { text: 'data da annunciare - Bari - Demodè|biglietti' },
    { text: '20 marzo 2099 - Lecce - Officine|biglietti' },
  ];

  it('drops past events from the page and its JSON-LD; undated and upcoming ones stay', async () => {
    const slug = slugFor('past');
    await seedPage(slug, { buttons });
    await publishPage(env, slug);
    const html = await (await call(`/${slug}`)).text();
    expect(html).not.toContain('Como');
    expect(html).toContain('Bari');
    expect(html).toContain('Lecce');
    expect(html).not.toContain('Date passate');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(ld).not.toContain('Como');
    expect(JSON.parse(ld)).toHaveLength(2);
    await settle();
  });

  it("with show_past the past ones are listed under 'Date passate', without their ticket link", async () => {
    const slug = slugFor('pastk');
    await seedPage(slug, { buttons });
    await env.DB.prepare('UPDATE landing_pages SET show_past = 1 WHERE folder_name = ?').bind(slug).run();
    await publishPage(env, slug);
    const html = await (await call(`/${slug}`)).text();
    const at = html.indexOf('Date passate');
    expect(at).toBeGreaterThan(html.indexOf('Lecce'));
    expect(html.indexOf('Como')).toBeGreaterThan(at);
    expect(html).not.toContain('https://t.example/como');
    await settle();
  });
});
