// The OpenAPI document as workerd serves it (worker/openapi.ts), and the 422 a
// described route answers for a path parameter or a query that fails its schema.
import { describe, expect, it } from 'vitest';
import { API_PREFIX, OPENAPI_PATH, pagePaths } from '../../src/core/api-paths';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { call, createPage, organiserWithToken, textPage, uniqueSlug } from './helpers';

describe('GET /api/openapi.json in workerd', () => {
  it('answers the OpenAPI 3.1 document, with the pages routes in it', async () => {
    const res = await call(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const pages = API_PREFIX.pages;
    expect(Object.keys(doc.paths[pages] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${pages}/{slug}`] ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(doc.paths[`${pages}/{slug}/buttons/{id}`]).toHaveProperty('patch');
    expect(doc.paths[`${pages}/{slug}/upload-image`]).toHaveProperty('post');
    expect(doc.paths['/api/db/public/landing/{slug}']).toHaveProperty('get');
    expect(doc.paths['/{slug}/events.json']).toHaveProperty('get');
    // the catch-all for unknown paths is no route of the API
    expect(Object.keys(doc.paths)).not.toContain('*');
  });
});

describe('a malformed path parameter or query answers 422 {detail}', () => {
  it('a button id that is no number, on the sale PATCH and the click beacon', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    for (const id of ['abc', '0', '1.5', '99999999999999999']) {
      const patch = await call(`${API_PREFIX.pages}/${slug}/buttons/${id}`, {
        method: 'PATCH',
        token: u.token,
        json: { availability: 'sold_out' },
      });
      expect(patch.status, id).toBe(422);
      expect(errorAnswerSchema.parse(await patch.json()).detail).toMatch(/^id: /);
      const click = await call(`${API_PREFIX.pages}/${slug}/buttons/${id}/click`, { method: 'POST' });
      expect(click.status, id).toBe(422);
      expect(errorAnswerSchema.parse(await click.json()).detail).toMatch(/^buttonId: /);
    }
  });

  it("?visible= that is no boolean, and a button image's name the server never gives", async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    for (const visible of ['maybe', '', '2']) {
      const res = await call(`${pagePaths.page(slug)}/visibility?visible=${visible}`, {
        method: 'PATCH',
        token: u.token,
      });
      expect(res.status, visible).toBe(422);
      expect(await res.json()).toEqual({ detail: 'visible: Il parametro visible deve essere true o false' });
    }
    const bad = await call(pagePaths.buttonImage(slug, '../x.png'), { method: 'DELETE', token: u.token });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ detail: 'filename: Nome file non valido' });
    // the same request well formed reaches the route: a file that is not there
    const missing = await call(pagePaths.buttonImage(slug, '0.png'), { method: 'DELETE', token: u.token });
    expect(missing.status).toBe(404);
  });
});
