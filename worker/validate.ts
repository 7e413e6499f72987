import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';

/**
 * zValidator answering 422 `{"detail": "<field>: <message>"}`: CONTRACT.md wants every error
 * body to carry a string detail (or a {code, reason} object). zod speaks Italian here
 * (z.config(z.locales.it()) in app.ts); our own schema messages are the spec's texts.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.map(String).join('.');
      const detail = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Dati non validi';
      return c.json({ detail }, 422);
    }
    return undefined;
  });
}
