// The public URL of the saved page (the one in edit mode, else the one just created), with a
// copy button, so the organiser can share it at once.
import { Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Check, Copy, EyeOff, ExternalLink, Link2 } from 'lucide-react';
import { t } from '../../core/messages';
import { $editing, $lastSaved } from '../../stores/editor/state';
import { notify } from '../../stores/editor/notice';
import { slots } from './slots';

export function publicUrl(slug: string): string {
  return `${location.origin}/${slug}`;
}

export default function ShareLink() {
  const editing = useStore($editing);
  const lastSaved = useStore($lastSaved);
  const [copied, setCopied] = useState(false);
  const slug = editing?.slug ?? lastSaved?.slug;
  if (!slug) return null;
  const url = publicUrl(slug);
  const hidden = editing ? !editing.visible : false;
  const Extras = slots.shareExtras;
  const Embed = slots.shareEmbed;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify('success', t('editor.share.copied'));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify('error', t('editor.share.copyFailed'));
    }
  };

  return (
    <section className="ed-share" aria-labelledby="ed-share-title">
      <div className="ed-share__main">
        <Link2 size={20} aria-hidden="true" className="ed-share__icon" />
        <div className="ed-share__text">
          <h2 id="ed-share-title" className="ed-share__title">
            {t('editor.share.title')}
          </h2>
          <a className="ed-share__url" href={url} target="_blank" rel="noopener" data-testid="share-url">
            {url.replace(/^https?:\/\//, '')}
            <ExternalLink size={14} aria-hidden="true" />
            <span className="visually-hidden">{t('editor.share.open')}</span>
          </a>
          {hidden && (
            <p className="hint ed-share__hidden">
              <EyeOff size={14} aria-hidden="true" /> {t('editor.share.hidden')}
            </p>
          )}
        </div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy()}>
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {t('editor.share.copy')}
        </button>
      </div>
      {Extras && (
        <Suspense fallback={null}>
          <Extras slug={slug} url={url} />
        </Suspense>
      )}
      {Embed && (
        <Suspense fallback={null}>
          <Embed slug={slug} url={url} />
        </Suspense>
      )}
    </section>
  );
}
