// The OpenAPI document (docs/api.md#the-openapi-document): valid OpenAPI 3.1 by an OpenAPI
// parser, and complete: every address the site builds in src/core/api-paths.ts is a path of
// the document, with its method and every query parameter it sends.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import * as apiPaths from '../../src/core/api-paths';
import { createApp } from '../../worker/app';

type Operation = { parameters?: Array<{ name: string; in: string }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function openApiDocument(): Promise<Document> {
  const res = await createApp().request(apiPaths.OPENAPI_PATH);
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

/** Sample arguments for a path builder, by the names of its parameters: a slug, an id, a flag… */
function sampleCall(build: (...args: never[]) => string): string {
  const names = (build.toString().match(/^[^(]*\(([^)]*)\)/)?.[1] ?? '').split(',').map((n) => n.trim());
  const sample = (name: string): unknown => {
    if (name === 'slug') return 'estate-live';
    if (name === 'visible') return true;
    if (/id$|Id$|^days$/.test(name)) return 7;
    return 'abc';
  };
  return (build as unknown as (...a: unknown[]) => string)(...names.filter(Boolean).map(sample));
}

/** Every address of api-paths.ts, named `group.key`, with sample arguments filled in. */
function siteAddresses(): Array<{ name: string; address: string }> {
  const out: Array<{ name: string; address: string }> = [];
  for (const [group, value] of Object.entries(apiPaths)) {
    if (typeof value !== 'object' || group === 'API_PREFIX') continue;
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      if (group === 'adminPaths' && key === 'root') continue; // a prefix, not a route
      const address = typeof entry === 'function' ? sampleCall(entry as (...args: never[]) => string) : String(entry);
      out.push({ name: `${group}.${key}`, address });
    }
  }
  return out;
}

/**
 * The document's path template that an address falls under (`{param}` matches one segment); a
 * literal segment wins over a parameter (/invitations/lookup before /invitations/{id}).
 */
function templateOf(doc: Document, path: string): string | undefined {
  const params = (template: string) => (template.match(/\{/g) ?? []).length;
  const templates = Object.keys(doc.paths).sort((a, b) => params(a) - params(b));
  return templates.find((template) => {
    const pattern = template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(path);
  });
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const doc = await openApiDocument();
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('refuses a document with a broken reference (the parser really checks)', async () => {
    const doc = structuredClone(await openApiDocument()) as Document & Record<string, unknown>;
    const [first] = Object.values(doc.paths);
    Object.assign(Object.values(first!)[0]!, { responses: { 200: { $ref: '#/components/responses/Nope' } } });
    await expect(SwaggerParser.validate(doc as never)).rejects.toThrow();
  });

  const addresses = siteAddresses();
  it('lists every address of src/core/api-paths.ts', () => {
    expect(addresses.length).toBeGreaterThan(40);
  });

  for (const { name, address } of addresses) {
    it(`describes ${name} (${address})`, async () => {
      const doc = await openApiDocument();
      const [path = '', query = ''] = address.split('?');
      const template = templateOf(doc, path);
      expect(template, `${path} is not in the document`).toBeDefined();
      const operations = Object.values(doc.paths[template!]!);
      expect(operations.length).toBeGreaterThan(0);
      for (const param of new URLSearchParams(query).keys()) {
        const declared = operations.some((op) => op.parameters?.some((p) => p.in === 'query' && p.name === param));
        expect(declared, `?${param} of ${template} is not described`).toBe(true);
      }
    });
  }
});
