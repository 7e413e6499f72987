// The API reference's reading of the OpenAPI document (src/lib/api-reference.ts): grouping by
// tag, anchors, type labels with component links, details and inline code.
import { API_PREFIX } from '../../src/core/api-paths';
import { describe, expect, it } from 'vitest';
import {
  type ApiDocument,
  answersInOrder,
  constraintsOf,
  hasDetails,
  inlineCode,
  operationsByTag,
  refName,
  typeTokens,
} from '../../src/lib/api-reference';
import { openApiDocument } from '../../worker/openapi-document';

const text = (schema: Parameters<typeof typeTokens>[0]) =>
  typeTokens(schema)
    .map((tok) => tok.text)
    .join('');

describe('operations by tag', () => {
  const doc: ApiDocument = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    tags: [{ name: 'Second' }, { name: 'First' }, { name: 'Empty' }],
    paths: {
      '/a': { get: { tags: ['First'], security: [{ session: [] }] }, post: { tags: ['Second'] } },
      '/a-b': { get: {}, parameters: [] },
      '/a/b': { get: { tags: ['First'], security: [] } },
    },
  };

  it('follows the tags the document lists, drops empty ones, puts untagged ones last', () => {
    const tags = operationsByTag(doc, 'Altro');
    expect(tags.map((tag) => tag.name)).toEqual(['Second', 'First', 'Altro']);
    expect(tags[1]!.operations.map((op) => `${op.method} ${op.path}`)).toEqual(['get /a', 'get /a/b']);
  });

  it('tells which operations need a session and keeps anchors unique', () => {
    const ops = operationsByTag(doc, 'Altro').flatMap((tag) => tag.operations);
    const byKey = new Map(ops.map((op) => [`${op.method} ${op.path}`, op]));
    expect(byKey.get('get /a')!.needsSession).toBe(true);
    expect(byKey.get('post /a')!.needsSession).toBe(false);
    expect(byKey.get('get /a/b')!.needsSession).toBe(false);
    expect(byKey.get('get /a-b')!.anchor).not.toBe(byKey.get('get /a/b')!.anchor);
    expect(new Set(ops.map((op) => op.anchor)).size).toBe(ops.length);
  });

  it("reads the Worker's own document: the statistics operation needs a session", () => {
    const tags = operationsByTag(openApiDocument() as unknown as ApiDocument, 'Altro');
    const stats = tags.flatMap((tag) => tag.operations).find((op) => op.path === `${API_PREFIX.pages}/{slug}/stats`);
    expect(stats).toMatchObject({
      method: 'get',
      needsSession: true,
      anchor: 'op-get-api-db-landing-pages-slug-stats',
    });
  });
});

describe('type labels', () => {
  it('link components and write arrays, unions, nullables and short enums', () => {
    expect(typeTokens({ $ref: '#/components/schemas/Page' })).toEqual([{ text: 'Page', ref: 'Page' }]);
    expect(text({ type: 'array', items: { $ref: '#/components/schemas/Page' } })).toBe('Page[]');
    expect(text({ type: ['string', 'null'] })).toBe('string | null');
    expect(text({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(text({ anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/Error' }] })).toBe('string | Error');
    expect(text({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })).toBe(
      '(string | integer)[]',
    );
    expect(text({ type: 'string', enum: ['text', 'image'] })).toBe('"text" | "image"');
    expect(text({ type: ['string', 'null'], enum: ['a', null] })).toBe('"a" | null');
    expect(text({ type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toBe('string (enum)');
    expect(text({ type: 'string', format: 'date-time' })).toBe('string (date-time)');
    expect(text(undefined)).toBe('any');
  });

  it('decodes JSON pointer escapes in component names', () => {
    expect(refName('#/components/schemas/A~1B')).toBe('A/B');
    expect(refName('#/components/responses/X')).toBeUndefined();
  });
});

describe('details', () => {
  it('are shown for objects, long enums, patterns and unions, not for plain types or links', () => {
    expect(hasDetails({ type: 'string' })).toBe(false);
    expect(hasDetails({ $ref: '#/components/schemas/Page' })).toBe(false);
    expect(hasDetails({ type: 'object', properties: { a: { type: 'string' } } })).toBe(true);
    expect(hasDetails({ type: 'string', pattern: '^a$' })).toBe(true);
    expect(hasDetails({ anyOf: [{ type: 'string' }, { type: 'integer' }] })).toBe(true);
    expect(hasDetails({ type: 'array', items: { type: 'object', properties: { a: {} } } })).toBe(true);
  });

  it('say ranges in words', () => {
    const words = { chars: 'caratteri', items: 'elementi' };
    expect(constraintsOf({ minLength: 1, maxLength: 200 }, words)).toEqual(['1–200 caratteri']);
    expect(constraintsOf({ minimum: 0 }, words)).toEqual(['≥ 0']);
    expect(constraintsOf({ maxItems: 20 }, words)).toEqual(['≤ 20 elementi']);
  });

  it('split `code` runs out of a description and order answers by status', () => {
    expect(inlineCode('a `b` c')).toEqual([
      { code: false, text: 'a ' },
      { code: true, text: 'b' },
      { code: false, text: ' c' },
    ]);
    expect(answersInOrder({ default: {}, 422: {}, 200: {}, '4XX': {} }).map(([s]) => s)).toEqual([
      '200',
      '4XX',
      '422',
      'default',
    ]);
  });
});
