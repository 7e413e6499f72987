/**
 * The API described as OpenAPI 3.1 (docs/api.md#the-openapi-document). Every JSON route is
 * declared with `createRoute` (@hono/zod-openapi): its path parameters, query, body and answers
 * are the zod schemas of src/core/schemas/, so the routes validate their input with the same
 * schemas the document shows, and the site's client parses the answers with them. Routes that
 * are not JSON (uploads, the public page, media, calendar and feed files, the fans' forms) stay
 * plain Hono and are described by hand with `registerPath`, beside their code.
 * The whole document is served at /api/openapi.json and rendered for people by the site.
 */
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { errorAnswerSchema } from '../src/core/schemas/error';
import type { AppEnv } from './env';
import { validationHook } from './validate';

/**
 * A group of routes that can be described: a bad path parameter, query or body answers 422
 * `{detail}` through `validationHook` (worker/validate.ts).
 */
export function describedRoutes(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** The security requirement of a route that needs a session (a Bearer JWT). */
export const SESSION = [{ session: [] }];

/** A JSON answer described by `schema`. */
export function jsonAnswer<S extends ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** A JSON request body described by `schema`. */
export function jsonBody<S extends ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

/** What each error status means across the API (docs/api.md#conventions). */
const ERROR_MEANING = {
  400: 'The action is not allowed in the current state',
  401: 'No valid session',
  403: 'The account may not do this (not approved, banned or not an administrator)',
  404: 'Unknown, or not visible to this account',
  409: 'A concurrent change or a value already taken',
  410: 'No longer usable (an invitation used, revoked or expired)',
  413: 'The request body is too large',
  415: 'The body is not of a media type the route reads',
  422: 'The input fails its schema; `detail` names the field',
  429: 'Too many attempts; see `Retry-After`',
} as const;

type ErrorStatus = keyof typeof ERROR_MEANING;

/** The error answers a route may give, each `{"detail": ...}`. */
export function errorAnswers<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: ReturnType<typeof jsonAnswer<typeof errorAnswerSchema>> } {
  return Object.fromEntries(
    statuses.map((status) => [status, jsonAnswer(errorAnswerSchema, ERROR_MEANING[status])]),
  ) as { [K in S[number]]: ReturnType<typeof jsonAnswer<typeof errorAnswerSchema>> };
}

/** A plain route described by hand (its `responses` say the media type it answers). */
export type PlainRoute = Omit<RouteConfig, 'middleware' | 'hide'>;

/** The document's header: the site serves it at /api/openapi.json. */
export const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Palco API',
    version: '1.0.0',
    description:
      'The API of Palco, the landing pages of event and music promoters: accounts, pages and their ' +
      'buttons, uploads, statistics, fans and administration. Errors answer `{"detail": ...}`; ' +
      'texts are Italian.',
  },
} as const;

/** Adds the session scheme every authenticated route names (`SESSION`). */
export function registerSecurity(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token from POST /auth/jwt/login',
  });
}
