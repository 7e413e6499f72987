import { describe, expect, it } from 'vitest';
import { API_PREFIX, OPENAPI_PATH } from '../../src/core/api-paths';
import { openApiDocument } from '../../worker/openapi-document';
import { call } from './helpers';

/**
 * The OpenAPI document served by the Worker (docs/api.md#the-openapi-document): JSON, OpenAPI
 * 3.1, and the very document the site's API reference is built from (openApiDocument()), so the
 * reference and /api/openapi.json cannot differ.
 */
describe('GET /api/openapi.json', () => {
  it('answers 200 with the OpenAPI 3.1 document as JSON', async () => {
    const res = await call(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json\b/);
    const doc = (await res.json()) as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Palco API');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    // the statistics route, described since the skeleton, with the session it needs
    expect(doc.paths[`${API_PREFIX.pages}/{slug}/stats`]?.get?.security).toEqual([{ session: [] }]);
  });

  it('is the document the site renders as its API reference', async () => {
    const served = await (await call(OPENAPI_PATH)).json();
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('answers only GET: a POST is the JSON 404 of any unknown API address', async () => {
    const res = await call(OPENAPI_PATH, { method: 'POST', json: {} });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not Found' });
  });
});
