// A stand-in for the Worker behind the editor's save, for the store tests: its page routes
// (fetch) and its uploads (XMLHttpRequest), holding one saved page and answering as the Worker
// does (worker/routes/pages.ts, worker/routes/uploads.ts). It records every request, so a test
// reads what the editor sent through the real API client. `installWorker()` puts it in place around
// each test of the file that calls it.
import { afterEach, beforeEach, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../src/core/constants';
import { pagePaths } from '../../src/core/api-paths';
import type { PagePayload } from '../../src/core/schemas/page';
import type { ButtonAsReceived, PageAsReceived } from '../../src/stores/editor/core';
import { applyPage, resetEditor } from '../../src/stores/editor/load';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** every request the editor made since the test began */
export let calls: Call[] = [];
/** the page as the stand-in Worker holds it */
export let stored: PageAsReceived;
let nextId = 100;

/** PUT …/{slug}: the page takes the payload, as the Worker's update does (worker/routes/pages.ts). */
function applyUpdate(payload: PagePayload): PageAsReceived {
  const title = String(payload.title).trim();
  const buttons: ButtonAsReceived[] = (payload.buttons ?? []).map((b, i) => ({
    id: typeof b.id === 'number' ? b.id : nextId++,
    position: i + 1,
    type: b.type,
    text: b.text ?? '',
    image_path: b.type === 'image' ? (b.image_path ?? '') : null,
    url: b.url ?? null,
    click_count: 0,
    cta_buttons: b.cta_buttons
      ? b.cta_buttons.map((c) => ({
          url: c.url ?? '',
          buttonText: c.buttonText ?? '',
          on_sale_at: c.on_sale_at ?? null,
          availability: c.availability ?? 'on_sale',
        }))
      : null,
  }));
  stored = { ...stored, title, display_title: payload.display_title?.trim() || title, buttons };
  return stored;
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function worker(path: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
  calls.push({ method, path: String(path), body });
  const page = pagePaths.page(stored.folder_name);
  if (path === pagePaths.list && method === 'GET') return answer(200, []);
  if (path === page && method === 'GET') return answer(200, stored);
  if (path === page && method === 'PUT') return answer(200, applyUpdate(body as PagePayload));
  if (String(path).startsWith(`${page}/button-image/`) && method === 'DELETE') {
    return answer(200, { success: true, deleted: String(path).split('/').pop() });
  }
  return answer(404, { detail: 'Not Found' });
}

/** The uploads' transport: POST …/upload-button-images puts each file on its button. */
class WorkerUpload {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private path = '';
  open(method: string, path: string): void {
    this.method = method;
    this.path = path;
  }
  setRequestHeader(): void {}
  abort(): void {}
  send(body: FormData): void {
    calls.push({ method: this.method, path: this.path, body: null });
    const mapping = JSON.parse(String(body.get('image_mapping'))) as Record<string, number>;
    const paths: Record<string, string> = {};
    stored = {
      ...stored,
      buttons: stored.buttons.map((b, index) => {
        if (!Object.values(mapping).includes(index)) return b;
        paths[String(index)] = `/dati/${stored.folder_name}/${b.id}.2.gif`;
        return { ...b, image_path: paths[String(index)]! };
      }),
    };
    this.status = this.path === pagePaths.buttonImagesUpload(stored.folder_name) ? 200 : 404;
    this.responseText = JSON.stringify({ success: true, uploaded: [], paths });
    setTimeout(() => this.onload?.(), 0);
  }
}

/** Opens `page` in the editor, as a sidebar click does, with the Worker holding it. */
export function open(page: PageAsReceived): void {
  stored = page;
  applyPage(page);
}

/** the requests of one method */
export const sent = (method: string) => calls.filter((c) => c.method === method);

/** Installs the stand-in (and a logged-in token) around each test of the calling file. */
export function installWorker(): void {
  beforeEach(() => {
    calls = [];
    resetEditor();
    const storage = new Map([[AUTH_TOKEN_KEY, 'token']]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
    vi.stubGlobal('fetch', vi.fn(worker));
    vi.stubGlobal('XMLHttpRequest', WorkerUpload);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
