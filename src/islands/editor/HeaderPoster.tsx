// The poster of a video header under its preview: a small 'Copertina' thumbnail with its state
// (saved, to be saved with the page, being made) and 'Genera copertina' when there is none.
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ImageOff, Loader2, Wand2 } from 'lucide-react';
import { t } from '../../core/messages';
import { $form } from '../../stores/editor/state';
import { $posterStatus, generatePoster, posterShown } from '../../stores/editor/poster';
import './editor-poster.css';

export default function HeaderPoster() {
  const form = useStore($form);
  const status = useStore($posterStatus);
  const groupRef = useRef<HTMLElement>(null);
  const poster = posterShown(form);
  const capturing = status.state === 'capturing';
  const failed = !poster && !capturing && status.state === 'failed' && status.manual;

  const onGenerate = async () => {
    if (capturing) return;
    // the button goes once there is a poster: the focus moves to the poster itself
    if (await generatePoster()) groupRef.current?.focus();
  };

  const state = poster
    ? t(poster.saved ? 'media.poster.saved' : 'media.poster.pending')
    : t(capturing ? 'media.poster.capturing' : 'media.poster.none');

  return (
    <figure ref={groupRef} className="ed-poster" aria-describedby="ed-poster-hint" tabIndex={-1}>
      <div className="ed-poster__thumb">
        {poster ? (
          <img src={poster.src} alt={t('media.poster.alt')} />
        ) : capturing ? (
          <Loader2 size={22} className="ed-spin" aria-hidden="true" />
        ) : (
          <ImageOff size={22} aria-hidden="true" />
        )}
      </div>
      <div className="ed-poster__body">
        <figcaption className="ed-poster__caption">
          <span className="ed-poster__label">{t('media.poster.label')}</span>
          <span className={`ed-poster__state ${poster && !poster.saved ? 'is-pending' : ''}`} role="status">
            {state}
          </span>
        </figcaption>
        <span id="ed-poster-hint" className="visually-hidden">
          {t('media.poster.hint')}
        </span>
        {!poster && (
          <button
            type="button"
            className="btn btn-secondary ed-poster__generate"
            onClick={() => void onGenerate()}
            aria-disabled={capturing || undefined}
          >
            <Wand2 size={18} aria-hidden="true" />
            {t('media.poster.generate')}
          </button>
        )}
      </div>
      {failed && (
        <p className="error-text ed-poster__error" role="alert">
          {t('media.poster.failed')}
        </p>
      )}
    </figure>
  );
}
