// Helpers for the admin account action tests (admin-actions*.test.ts): the actions' calls, their
// success answers checked against the schema.
import { adminPaths } from '../../src/core/api-paths';
import { userActionAnswerSchema } from '../../src/core/schemas/admin';
import { callJson } from './helpers';

/** An action on one account: a success answers the changed account, as its schema says. */
export async function checked<T>(answer: Promise<{ status: number; body: T; res: Response }>) {
  const res = await answer;
  if (res.status === 200) userActionAnswerSchema.parse(res.body);
  return res;
}
export const approve = (id: number, token: string, json: unknown = { action: 'approve' }) =>
  checked(callJson(adminPaths.approve(id), { token, json }));
export const post = (path: string, token: string, json?: unknown) =>
  checked(callJson(path, json === undefined ? { method: 'POST', token } : { token, json }));
