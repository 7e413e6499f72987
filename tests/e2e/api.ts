// Direct API calls for e2e set-up (the browser tests drive the UI for what they check).
import { inject } from 'vitest';

export async function api(
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(inject('baseURL') + path, { ...init, headers, body });
}

export async function login(email: string, password: string): Promise<string> {
  const res = await api('/auth/jwt/login', {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function adminToken(): Promise<string> {
  const admin = inject('admin');
  return login(admin.email, admin.password);
}

let counter = 0;
/** A unique e-mail for this run. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}
