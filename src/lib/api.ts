// The browser's transport to the Worker's API: same origin, Bearer token from localStorage
// `auth_token` when present, JSON by default, no timeout. A 401 on any call clears the
// session and goes to /login (unless the call expects a 401 as an answer); a network failure
// is 'Errore di connessione'; any other failure carries the server's `detail`, else
// 'Errore server: {status}'. `upload()` is the same for multipart uploads over XMLHttpRequest,
// which reports the bytes sent (fetch does not, over HTTP/1.1). The typed function per route is
// in api-client.ts.
import { AUTH_TOKEN_KEY, USER_DATA_KEY } from '../core/constants';
import { t } from '../core/messages';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The sentence for a failed call: the server's message, else 'Errore di connessione'. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return t('error.connection');
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
}

/** Forgets the token and the stored user (logout, or a session the server no longer accepts). */
export function clearStoredSession(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    localStorage.removeItem(USER_DATA_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

/** The server's `detail` as a sentence: a string, or a {code, reason} object's reason. */
export function detailOf(body: unknown): { message: string | null; code: string | null } {
  if (!body || typeof body !== 'object' || !('detail' in body)) return { message: null, code: null };
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === 'string') return { message: detail, code: detail.match(/^[A-Z_]+$/) ? detail : null };
  if (detail && typeof detail === 'object') {
    const { code, reason } = detail as { code?: unknown; reason?: unknown };
    return {
      message: typeof reason === 'string' ? reason : null,
      code: typeof code === 'string' ? code : null,
    };
  }
  return { message: null, code: null };
}

export interface RequestOptions {
  method?: string;
  /** JSON body */
  json?: unknown;
  /** form-encoded body */
  form?: Record<string, string>;
  /** raw body (FormData for multipart) */
  body?: BodyInit;
  /** set false for calls where a 401 is an expected answer, not an expired session */
  redirectOn401?: boolean;
  signal?: AbortSignal;
}

let onUnauthorized: () => void = () => {
  clearStoredSession();
  if (location.pathname !== '/login') location.assign('/login');
};

/** Lets the session store take over what a 401 does (it also resets its atoms). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, t('error.connection'));
  }
  return answerOf<T>(res.status, await res.text(), options.redirectOn401);
}

/** A JSON (or text) answer read as `request` reads it: 401 → the session ends, not ok → ApiError. */
function answerOf<T>(status: number, text: string, redirectOn401: boolean | undefined): T {
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (status === 401 && redirectOn401 !== false) {
    console.error(t('error.tokenExpired'));
    onUnauthorized();
  }
  if (status < 200 || status >= 300) {
    const { message, code } = detailOf(parsed);
    throw new ApiError(status, message ?? t('error.server', { status }), code, parsed);
  }
  return parsed as T;
}

export interface UploadOptions {
  /** bytes of the request body sent so far, and the body's whole size */
  onProgress?: (loaded: number, total: number) => void;
  /** aborting rejects the upload with an AbortError DOMException */
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * POSTs a multipart body with progress: the same token, 401 rule and errors as `request`, over
 * XMLHttpRequest so that `onProgress` hears every chunk the browser sends.
 */
export function upload<T = unknown>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', path);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
    }
    xhr.onload = () => {
      settle();
      try {
        resolve(answerOf<T>(xhr.status, xhr.responseText, true));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, t('error.connection')));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}
