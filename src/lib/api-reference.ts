/**
 * The API reference page's reading of the OpenAPI document (docs/api.md#the-reference): the
 * operations grouped by tag, anchors, a schema's type in a few words and inline `code` in
 * descriptions. Pure functions over the document's JSON, so the page renders whatever the
 * document holds; nothing here knows a route.
 */

/** A JSON Schema as OpenAPI 3.1 writes it (only what the reference reads). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  deprecated?: boolean;
}

export interface MediaContent {
  schema?: Schema;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

export interface Answer {
  description?: string;
  content?: Record<string, MediaContent>;
  headers?: Record<string, { description?: string; schema?: Schema }>;
}

export interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaContent> };
  responses?: Record<string, Answer>;
}

export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation | unknown>>;
  components?: { schemas?: Record<string, Schema> };
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;
export type Method = (typeof METHODS)[number];

export interface ReferenceOperation {
  method: Method;
  path: string;
  anchor: string;
  /** a session is needed (the operation's security, else the document's, names a scheme) */
  needsSession: boolean;
  operation: Operation;
}

export interface ReferenceTag {
  name: string;
  anchor: string;
  description?: string;
  operations: ReferenceOperation[];
}

/** An id for the page's anchors: lowercase letters, digits and hyphens. */
export function anchorOf(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The anchor of a component schema, which `$ref` links point at. */
export function schemaAnchor(name: string): string {
  return `schema-${anchorOf(name)}`;
}

/** The component a `$ref` names (`#/components/schemas/Page` → Page), if it is one. */
export function refName(ref: string): string | undefined {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  return m ? decodeURIComponent(m[1]!.replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
}

/** Whether an operation needs a session: an empty security list (`[]`) or `{}` opts out. */
function needsSession(operation: Operation, doc: ApiDocument): boolean {
  const security = operation.security ?? doc.security ?? [];
  return security.length > 0 && security.every((req) => Object.keys(req).length > 0);
}

/** Operations grouped by their first tag: the document's tag order, then order of appearance. */
export function operationsByTag(doc: ApiDocument, untagged: string): ReferenceTag[] {
  const tags = new Map<string, ReferenceTag>();
  const anchors = new Set<string>();
  // `/a/b` and `/a-b` would read alike: a later one gets a number
  const unique = (anchor: string) => {
    let out = anchor;
    for (let n = 2; anchors.has(out); n++) out = `${anchor}-${n}`;
    anchors.add(out);
    return out;
  };
  for (const tag of doc.tags ?? []) {
    tags.set(tag.name, {
      name: tag.name,
      anchor: `tag-${anchorOf(tag.name)}`,
      description: tag.description,
      operations: [],
    });
  }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const name = operation.tags?.[0] ?? untagged;
      let tag = tags.get(name);
      if (!tag) {
        tag = { name, anchor: `tag-${anchorOf(name)}`, operations: [] };
        tags.set(name, tag);
      }
      tag.operations.push({
        method,
        path,
        anchor: unique(`op-${anchorOf(method, path)}`),
        needsSession: needsSession(operation, doc),
        operation,
      });
    }
  }
  return [...tags.values()].filter((tag) => tag.operations.length > 0);
}

/** The JSON types a schema allows, `null` apart. */
function typesOf(schema: Schema): string[] {
  const type = schema.type;
  return (Array.isArray(type) ? type : type ? [type] : []).filter((t) => t !== 'null');
}

/** Whether a schema also allows `null` (a 3.1 type list, or a `{type: 'null'}` variant). */
function isNullable(schema: Schema): boolean {
  const type = schema.type;
  if (Array.isArray(type) && type.includes('null')) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some((s) => s.type === 'null');
}

/** The variants of a union, without the `null` one (told apart by `isNullable`). */
export function variantsOf(schema: Schema): Schema[] {
  return (schema.anyOf ?? schema.oneOf ?? []).filter((s) => s.type !== 'null');
}

/** One piece of a type label: text, or the name of a component to link to. */
export type TypeToken = { text: string; ref?: string };

/** Enums this short are written in the type itself: `"text" | "image"`. */
const INLINE_ENUM_MAX = 6;

/** A schema's type in a few words, `$ref`s kept as links: `string`, `Page[]`, `Error | null`… */
export function typeTokens(schema: Schema | undefined): TypeToken[] {
  if (!schema) return [{ text: 'any' }];
  const tokens = bareTypeTokens(schema);
  const saysNull = schema.enum?.includes(null) && listedValues(schema).length === 0;
  return isNullable(schema) && !saysNull ? [...tokens, { text: ' | null' }] : tokens;
}

function bareTypeTokens(schema: Schema): TypeToken[] {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return name ? [{ text: name, ref: name }] : [{ text: schema.$ref }];
  }
  if (schema.const !== undefined) return [{ text: jsonValue(schema.const) }];
  const join = (parts: Schema[], sep: string): TypeToken[] =>
    parts.flatMap((part, i) => [...(i ? [{ text: sep }] : []), ...typeTokens(part)]);
  const variants = variantsOf(schema);
  if (variants.length === 1 && !schema.type) return bareTypeTokens(variants[0]!);
  if (variants.length > 0) return join(variants, ' | ');
  if (schema.allOf) return join(schema.allOf, ' & ');
  const types = typesOf(schema);
  if (types.length === 1 && types[0] === 'array') {
    const item = typeTokens(schema.items);
    const grouped = item.some((tok) => / [|&] /.test(tok.text));
    return [...(grouped ? [{ text: '(' }] : []), ...item, { text: grouped ? ')[]' : '[]' }];
  }
  if (schema.enum) {
    return schema.enum.length <= INLINE_ENUM_MAX
      ? [{ text: schema.enum.map(jsonValue).join(' | ') }]
      : [{ text: types.length ? `${types.join(' | ')} (enum)` : 'enum' }];
  }
  if (types.length === 0) return [{ text: schema.properties ? 'object' : 'any' }];
  return [{ text: types.map((t) => (schema.format && t !== 'object' ? `${t} (${schema.format})` : t)).join(' | ') }];
}

/** The values of an enum too long to be written in its type, else none. */
export function listedValues(schema: Schema): unknown[] {
  return schema.enum && schema.enum.length > INLINE_ENUM_MAX ? schema.enum : [];
}

/** Whether a schema has more to show than its type label (fields, values, variants…). */
export function hasDetails(schema: Schema): boolean {
  if (schema.$ref) return false;
  const items = schema.items;
  return (
    Boolean(schema.properties && Object.keys(schema.properties).length > 0) ||
    listedValues(schema).length > 0 ||
    schema.pattern !== undefined ||
    schema.default !== undefined ||
    schema.example !== undefined ||
    Boolean(schema.allOf) ||
    variantsOf(schema).length > 1 ||
    variantsOf(schema).some(hasDetails) ||
    (typeof schema.additionalProperties === 'object' && !isEmpty(schema.additionalProperties)) ||
    (items !== undefined && hasDetails(items))
  );
}

function isEmpty(schema: Schema): boolean {
  return Object.keys(schema).length === 0;
}

/** A value as JSON, for enums, defaults, examples and constants. */
export function jsonValue(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The constraints of a schema as short phrases (`1–200 caratteri`, `≥ 0`, pattern…). */
export function constraintsOf(schema: Schema, words: { chars: string; items: string }): string[] {
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit = '') => {
    const suffix = unit ? ` ${unit}` : '';
    if (min !== undefined && max !== undefined) out.push(`${min}–${max}${suffix}`);
    else if (min !== undefined) out.push(`≥ ${min}${suffix}`);
    else if (max !== undefined) out.push(`≤ ${max}${suffix}`);
  };
  range(schema.minimum, schema.maximum);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  range(schema.minLength, schema.maxLength, words.chars);
  range(schema.minItems, schema.maxItems, words.items);
  return out;
}

/** A description's text split into plain runs and `code` runs (the only markup rendered). */
export function inlineCode(text: string): { code: boolean; text: string }[] {
  return text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (/^`[^`]+`$/.test(part) ? { code: true, text: part.slice(1, -1) } : { code: false, text: part }));
}

/** Status codes in order: 2xx before 4xx, `default` last. */
export function answersInOrder(responses: Record<string, Answer> = {}): [string, Answer][] {
  const rank = (status: string) => (/^\d/.test(status) ? Number(status.replace(/X/gi, '0')) : 1000);
  return Object.entries(responses).sort(([a], [b]) => rank(a) - rank(b));
}
