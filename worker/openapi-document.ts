/**
 * The OpenAPI document of the whole API as an object (docs/api.md#the-openapi-document): the
 * same one /api/openapi.json answers, built from the app's own route definitions. The site
 * imports it at build time to render the API reference (src/pages/api-reference.astro), so the
 * reference can never drift from the routes.
 */
import { createApp } from './app';
import { DOCUMENT_CONFIG } from './openapi';

export function openApiDocument(): ReturnType<ReturnType<typeof createApp>['getOpenAPI31Document']> {
  return createApp().getOpenAPI31Document(DOCUMENT_CONFIG);
}
