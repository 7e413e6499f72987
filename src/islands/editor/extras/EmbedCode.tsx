// 'Incorpora' in the editor's share card: the two snippets for the band's own site (the script
// that fits its frame, and a plain iframe for sites that forbid scripts), each with 'Copia', and
// a live preview of the embed drawn from the form by the very renderer the Worker uses
// (src/landing/render.ts), inert and never counted (docs/behaviour.md#embedding-the-dates).
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Check, CodeXml, Copy } from 'lucide-react';
import { t } from '../../../core/messages';
import { embedFrameSnippet, embedScriptSnippet } from '../../../core/embed';
import { renderEmbedPreview } from '../../../landing/render';
import { EMBED_HEIGHT_MESSAGE } from '../../../landing/script';
import { $buttons, $editing, $form } from '../../../stores/editor/state';
import { previewPage } from '../../../stores/editor/payload';
import { notify } from '../../../stores/editor/notice';
import type { ShareSlotProps } from '../slots';
import { ShareFold } from './ShareFold';
import './extras.css';

/** The preview's height before the embed reports its own, and its ceiling (it scrolls past it). */
const PREVIEW_START = 320;
const PREVIEW_MAX = 720;

function Snippet({ label, hint, code }: { label: string; hint: string; code: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      notify('success', t('editor.embed.copied'));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify('error', t('editor.embed.copyFailed'));
    }
  };
  return (
    <div className="xs-embed-snippet">
      <label className="label" htmlFor={`${id}-code`}>
        {label}
      </label>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <div className="xs-embed-row">
        <textarea
          id={`${id}-code`}
          className="textarea xs-embed-code"
          readOnly
          rows={3}
          value={code}
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-describedby={`${id}-code`}
          onClick={() => void copy()}
        >
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {t('editor.embed.copy')}
        </button>
      </div>
    </div>
  );
}

/** The embed as the form stands, in a frame fitted to its height as /embed.js fits it. */
function EmbedPreview({ slug }: { slug: string }) {
  const form = useStore($form);
  const buttons = useStore($buttons);
  const frame = useRef<HTMLIFrameElement>(null);
  const [html, setHtml] = useState('');
  const [height, setHeight] = useState(PREVIEW_START);

  // biome-ignore lint/correctness/useExhaustiveDependencies: previewPage() reads the form and the buttons from their stores; they trigger a new render
  useEffect(() => {
    let current = true;
    void renderEmbedPreview(previewPage(), { slug, origin: location.origin }).then((doc) => {
      if (current) setHtml(doc);
    });
    return () => {
      current = false;
    };
  }, [slug, form, buttons]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: unknown; height?: unknown } | null;
      if (e.source !== frame.current?.contentWindow || data?.type !== EMBED_HEIGHT_MESSAGE) return;
      const h = Number(data.height);
      if (h > 0) setHeight(Math.min(PREVIEW_MAX, Math.ceil(h)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div className="xs-embed-preview stack">
      <p className="label">{t('editor.embed.preview')}</p>
      <iframe
        ref={frame}
        title={t('editor.embed.previewFrame')}
        srcDoc={html}
        data-testid="embed-preview"
        // as the page's preview: same origin for the fonts, confined by the document's own CSP
        // <meta> (only the embed's hashed script); links are inert in preview anyway
        sandbox="allow-scripts allow-same-origin"
        style={{ height }}
      />
    </div>
  );
}

export default function EmbedCode({ slug }: ShareSlotProps) {
  const [open, setOpen] = useState(false);
  const editing = useStore($editing);
  const hidden = editing ? !editing.visible : false;
  const origin = location.origin;

  return (
    <ShareFold
      open={open}
      onToggle={() => setOpen(!open)}
      icon={<CodeXml size={16} aria-hidden="true" />}
      title={t('editor.embed.title')}
      className="xs-embed-share"
      panelClass="xs-embed"
      testId="embed-panel"
    >
      <p className="hint">{t('editor.embed.intro')}</p>
      {hidden && <p className="hint xs-embed-hidden">{t('editor.embed.hidden')}</p>}
      <Snippet
        label={t('editor.embed.script')}
        hint={t('editor.embed.scriptHint')}
        code={embedScriptSnippet(origin, slug)}
      />
      <Snippet
        label={t('editor.embed.iframe')}
        hint={t('editor.embed.iframeHint')}
        code={embedFrameSnippet(origin, slug)}
      />
      <EmbedPreview slug={slug} />
    </ShareFold>
  );
}
