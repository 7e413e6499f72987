import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Copy, Download, RefreshCw } from 'lucide-react';
import { t } from '../../../core/messages';
import { notify } from '../../../stores/editor/notice';
import { pageJson } from '../../../stores/editor/extras';
import { fetchPage } from '../../../stores/editor/pages';
import type { SlotProps } from '../slots';
import './extras.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; json: string; busy: boolean };

// One pass over pretty-printed JSON: a key is a string followed by ':'. The text is never parsed
// as HTML: each token becomes a React text node inside a span.
const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false)\b|\bnull\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

function highlight(json: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of json.matchAll(TOKEN)) {
    const at = m.index;
    if (at > last) out.push(json.slice(last, at));
    const [whole, str, colon, bool] = m;
    let cls = 'xs-j-num';
    if (str !== undefined) cls = colon ? 'xs-j-key' : 'xs-j-str';
    else if (bool !== undefined) cls = 'xs-j-bool';
    else if (whole === 'null') cls = 'xs-j-null';
    if (str !== undefined && colon) {
      out.push(
        <span key={n++} className={cls}>
          {str}
        </span>,
        colon,
      );
    } else {
      out.push(
        <span key={n++} className={cls}>
          {whole}
        </span>,
      );
    }
    last = at + whole.length;
  }
  if (last < json.length) out.push(json.slice(last));
  return out;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // older browsers and non-secure origins: the selection fallback
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** The code view (admins only): the saved page's JSON with reload, copy and download. */
export function CodePanel({ slug }: { slug: string }) {
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const read = useCallback(
    async (announce: boolean) => {
      setLoad((prev) => (prev.state === 'ready' ? { ...prev, busy: true } : { state: 'loading' }));
      try {
        const page = await fetchPage(slug);
        setLoad({ state: 'ready', json: pageJson(page), busy: false });
        if (announce) notify('success', t('success.pageReloaded'));
      } catch {
        notify('error', t('error.jsonLoad'));
        setLoad((prev) => (prev.state === 'ready' ? { ...prev, busy: false } : { state: 'error' }));
      }
    },
    [slug],
  );

  useEffect(() => {
    void read(false);
  }, [read]);

  const json = load.state === 'ready' ? load.json : '';
  const highlighted = useMemo(() => highlight(json), [json]);
  const lines = json ? json.split('\n').length : 0;

  async function copy() {
    if (await copyText(json)) notify('success', t('success.jsonCopied'));
    else notify('error', t('extras.code.copyFailed'));
  }

  function download() {
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${slug}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    notify('success', t('success.jsonDownloaded'));
  }

  const ready = load.state === 'ready';
  const busy = load.state === 'loading' || (ready && load.busy);
  return (
    <section className="xs-view" aria-labelledby={headingId} data-testid="code-view">
      <header className="xs-view-head spread">
        <div>
          <h2 id={headingId} className="xs-title">
            {t('extras.code.title')}
          </h2>
          <p className="hint">{t('extras.code.intro')}</p>
        </div>
        <div className="xs-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void read(true)} disabled={busy}>
            <RefreshCw size={14} aria-hidden="true" className={busy ? 'xs-spin' : undefined} />
            {t('extras.code.reload')}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy()} disabled={!ready}>
            <Copy size={14} aria-hidden="true" />
            {t('extras.code.copy')}
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={download} disabled={!ready}>
            <Download size={14} aria-hidden="true" />
            {t('extras.code.download')}
          </button>
        </div>
      </header>
      {load.state === 'error' && (
        <div className="alert alert-error xs-error" role="alert">
          <span>{t('error.jsonLoad')}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void read(false)}>
            {t('extras.stats.retry')}
          </button>
        </div>
      )}
      {load.state === 'loading' && <div className="skeleton xs-code-skeleton" aria-hidden="true" />}
      {ready && (
        <div className="xs-code-wrap">
          <div className="xs-code-bar">
            <span className="xs-code-file">{slug}.json</span>
            <span className="hint tabular">{t('extras.code.lines', { count: lines })}</span>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus so a keyboard can scroll it */}
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the name says which file the focused region shows */}
          <pre className="xs-code" tabIndex={0} aria-label={`${slug}.json`} data-testid="json-viewer">
            <code>{highlighted}</code>
          </pre>
        </div>
      )}
    </section>
  );
}

/** The editor's codeView slot; nothing at all for non-admins (the server data is theirs too). */
export default function CodeView({ slug, isAdmin }: SlotProps) {
  if (!slug || !isAdmin) return null;
  return <CodePanel key={slug} slug={slug} />;
}
