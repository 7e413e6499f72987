import type { Context } from 'hono';
import type { z } from 'zod';
import { isOperatorLookalike } from '../src/core/company-skeleton';
import { t } from '../src/core/messages';
import { fail } from './errors';

/**
 * The `detail` of a 422 for a failed parse: the first issue as "<field>: <message>", or just
 * its message when it concerns the whole body. zod speaks Italian here (the locale is set in
 * app.ts); the project's own schema messages are catalogue texts.
 */
export function issueDetail(error: z.core.$ZodError, fallback: string): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * What a failed parse of a body, a query or a path parameter answers: 422
 * `{"detail": "<field>: <message>"}` (every error body of the API carries a string detail or a
 * {code, reason} object). Every route group is built by `describedRoutes()` (worker/openapi.ts),
 * whose routes check their path parameters, query and body with it.
 */
export function validationHook(
  result: { success: true } | { success: false; error: z.core.$ZodError },
  c: Context,
): Response | undefined {
  if (!result.success) return c.json({ detail: issueDetail(result.error, t('request.invalidData')) }, 422);
  return undefined;
}

/**
 * 422 for an account's company that looks like the operator's (src/core/company-skeleton.ts),
 * worded as the schema's own refusal of the operator's exact name: the shared schema cannot
 * carry the check, whose table stays out of the site.
 */
export async function refuseOperatorLookalike(company: string): Promise<void> {
  if (isOperatorLookalike(company)) fail(422, `company: ${t('validation.company.reserved')}`);
}
