import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { buttonImagesAnswerSchema, headerUploadAnswerSchema } from '../../src/core/schemas/uploads';
import { answer, call, organiserWithToken, textPage } from './helpers';
import { PNG } from './media-fixtures';

/**
 * `DELETE …/button-image/{file}` takes a button image's name (`N.version.ext`); the header of a
 * page whose slug is all digits has a name of that shape too, and a save may type any of the
 * page's own files as its header. The removal leaves the header and the poster alone
 * (docs/behaviour.md#uploads).
 */

const BASE = API_PREFIX.pages;
const REFUSED = {
  detail: 'Questo file è la testata o la copertina della pagina: non si può eliminare come immagine di un pulsante',
};

/** A page with an all-digit slug (four digits: the longest `N` a button image's name has). */
async function digitPage(extra: Record<string, unknown> = {}) {
  const u = await organiserWithToken();
  // a slug another test already took is drawn again
  for (;;) {
    const slug = String(1000 + Math.floor(Math.random() * 9000));
    const res = await call(BASE, { token: u.token, json: { ...textPage(slug), header: '', ...extra } });
    if (res.status === 201) return { token: u.token, slug, page: await answer(res, 201, pageAsReceivedSchema) };
    if (res.status !== 409) throw new Error(`page ${slug} → ${res.status}: ${await res.text()}`);
  }
}

function removal(slug: string, token: string, path: string) {
  return call(`${BASE}/${slug}/button-image/${path.split('/').pop()!}`, { method: 'DELETE', token });
}

async function pngHeader(slug: string, token: string): Promise<string> {
  const f = new FormData();
  f.append('image', new Blob([PNG]), 'h.png');
  return (await answer(await call(`${BASE}/${slug}/upload-image`, { token, body: f }), 200, headerUploadAnswerSchema))
    .header;
}

describe('DELETE …/button-image/{file} and the header', () => {
  it('refuses the header of a page whose slug is all digits, and the file stays', async () => {
    const { token, slug } = await digitPage();
    const header = await pngHeader(slug, token);
    // the header's name has a button image's shape: N.version.ext
    expect(header.split('/').pop()).toMatch(/^\d{4}\.[a-z0-9]+\.png$/);

    const res = await removal(slug, token, header);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(REFUSED);
    expect(await env.BUCKET.head(header.slice(1))).not.toBeNull();
    expect((await call(header)).status).toBe(200);
    const page = await answer(await call(`${BASE}/${slug}`, { token }), 200, pageAsReceivedSchema);
    expect(page.header).toBe(header);
  });

  it('refuses the file the poster points at', async () => {
    const { token, slug, page } = await digitPage();
    const file = await pngHeader(slug, token);
    // a video header whose poster is that file (the poster column is what the rule reads)
    await env.DB.prepare('UPDATE landing_pages SET header = ?, header_poster = ? WHERE id = ?')
      .bind(`/dati/${slug}/film.mp4`, file, page.id)
      .run();
    const res = await removal(slug, token, file);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(REFUSED);
    expect(await env.BUCKET.head(file.slice(1))).not.toBeNull();
  });

  it('refuses a button image the header shows too, and removes it once the header moves on', async () => {
    const { token, slug, page } = await digitPage({
      mode: 'image',
      buttons: [{ type: 'image', url: 'https://example.com' }],
    });
    const f = new FormData();
    f.append('button_images', new Blob([PNG]), 'a.png');
    f.append('image_mapping', JSON.stringify({ 0: 0 }));
    const uploaded = await answer(
      await call(`${BASE}/${slug}/upload-button-images`, { token, body: f }),
      200,
      buttonImagesAnswerSchema,
    );
    const image = uploaded.paths['0']!;
    // a save types the button's file as the header
    const saved = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token,
      json: { ...page, header: image, buttons: [{ ...page.buttons[0], image_path: image }] },
    });
    expect(saved.status).toBe(200);

    expect((await removal(slug, token, image)).status).toBe(409);
    expect(await env.BUCKET.head(image.slice(1))).not.toBeNull();

    // another header: the file is only a button's image again, and goes
    await pngHeader(slug, token);
    const gone = await removal(slug, token, image);
    expect(gone.status).toBe(200);
    expect(await env.BUCKET.head(image.slice(1))).toBeNull();
    const after = await answer(await call(`${BASE}/${slug}`, { token }), 200, pageAsReceivedSchema);
    expect(after.buttons[0]!.image_path ?? null).toBeNull();
  });
});
