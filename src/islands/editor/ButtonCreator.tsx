// The button creator: event rows for text mode, image buttons for image mode.
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { AlertCircle, CheckCircle2, Loader2, Plus, Save, Trash2, Upload, X } from 'lucide-react';
import { focusOnMount } from '../../components/focus';
import { LabelledField, SelectField } from '../../components/SelectField';
import { t } from '../../core/messages';
import { $form } from '../../stores/editor/state';
import { BUTTON_IMAGE_ACCEPT } from '../../stores/editor/form';
import {
  $committing,
  $draftError,
  $editingKey,
  $imageDraft,
  $textDraft,
  $tracking,
  addCtaRow,
  cancelButtonEdit,
  clearImageDraft,
  CTA_PRESETS,
  imageDraftSource,
  removeCtaRow,
  selectStore,
  setCta,
  setCtaPreset,
  setImageFile,
  setImageUrl,
  setTextField,
  submitDraft,
  trackCtaUrl,
} from '../../stores/editor/draft';
import { STORE_LOGOS, storePath } from '../../stores/editor/core';
import SaleFields from './SaleFields';
import PresaleFields from './PresaleFields';

/** A link field: the URL keyboard on phones, no autofill of old addresses. */
const URL_INPUT = { className: 'input', type: 'url', inputMode: 'url', autoComplete: 'off' } as const;

/** A field of one ticket link, with the CTA rows' small label. */
function CtaField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <LabelledField
      id={id}
      label={label}
      className={className ? `field ${className}` : 'field'}
      labelClassName="label ed-small-label"
    >
      {children}
    </LabelledField>
  );
}

export default function ButtonCreator() {
  const mode = useStore($form).mode;
  const editingKey = useStore($editingKey);
  const error = useStore($draftError);
  const committing = useStore($committing);

  // the ticket links are tracked before the button is added (one tap after typing is enough)
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await submitDraft(mode);
    if (ok) document.getElementById(mode === 'text' ? 'ed-date' : 'ed-image-file-btn')?.focus();
  };

  return (
    <section className={`card ed-card ${editingKey ? 'is-editing' : ''}`} aria-labelledby="ed-creator-title">
      <h2 id="ed-creator-title" className="ed-card__title">
        {t(editingKey ? 'editor.section.creatorEdit' : 'editor.section.creator')}
        <span className="badge ed-card__kind">
          {t(mode === 'text' ? 'editor.creator.textTitle' : 'editor.creator.imageTitle')}
        </span>
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {mode === 'text' ? <TextFields /> : <ImageFields />}
        {error && (
          <p className="error-text ed-draft-error" role="alert">
            <AlertCircle size={16} aria-hidden="true" /> {error}
          </p>
        )}
        <div className="ed-creator__actions">
          {editingKey && (
            <button type="button" className="btn btn-ghost" onClick={cancelButtonEdit}>
              {t('editor.creator.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-primary ed-creator__submit" aria-busy={committing || undefined}>
            {editingKey ? <Save size={18} aria-hidden="true" /> : <Plus size={18} aria-hidden="true" />}
            {t(editingKey ? 'editor.creator.update' : 'editor.creator.add')}
          </button>
        </div>
      </form>
    </section>
  );
}

function TextFields() {
  const draft = useStore($textDraft);
  const tracking = useStore($tracking);
  const fields = [
    { id: 'data', key: 'editor.field.date', ph: 'editor.field.date.placeholder', el: 'ed-date' },
    { id: 'city', key: 'editor.field.city', ph: 'editor.field.city.placeholder', el: 'ed-city' },
    { id: 'venue', key: 'editor.field.venue', ph: 'editor.field.venue.placeholder', el: 'ed-venue' },
  ] as const;
  const last = draft.ctas.length <= 1;
  return (
    <>
      <div className="ed-row3">
        {fields.map((f) => (
          <LabelledField key={f.id} id={f.el} label={t(f.key)}>
            <input
              id={f.el}
              className="input"
              value={draft[f.id]}
              placeholder={t(f.ph)}
              autoComplete="off"
              onChange={(e) => setTextField(f.id, e.target.value)}
            />
          </LabelledField>
        ))}
      </div>
      <fieldset className="ed-ctas">
        <legend className="label">{t('editor.cta.legend')}</legend>
        <ol className="ed-ctas__list">
          {draft.ctas.map((c, i) => {
            const n = i + 1;
            const state = tracking[c.rowId];
            return (
              <li key={c.rowId} className="ed-cta">
                <span className="ed-cta__n" aria-hidden="true">
                  {n}
                </span>
                <div className="ed-cta__fields">
                  <CtaField id={`${c.rowId}-url`} label={t('editor.cta.url', { n })} className="ed-cta__url">
                    <div className="ed-track-wrap">
                      <input
                        {...URL_INPUT}
                        id={`${c.rowId}-url`}
                        value={c.url}
                        placeholder={t('editor.cta.url.placeholder')}
                        onChange={(e) => setCta(c.rowId, { url: e.target.value })}
                        onBlur={() => void trackCtaUrl(c.rowId)}
                        aria-describedby={state ? `${c.rowId}-track` : undefined}
                      />
                      {/* the badge's room is always there: its arrival on blur moves nothing */}
                      <span className="ed-track-slot" role="status">
                        {state && <TrackBadge id={`${c.rowId}-track`} state={state} />}
                      </span>
                    </div>
                  </CtaField>
                  <div className="ed-cta__label">
                    <SelectField
                      id={`${c.rowId}-preset`}
                      label={t('editor.cta.label', { n })}
                      className="field"
                      labelClassName="label ed-small-label"
                      value={c.preset}
                      options={[...CTA_PRESETS, 'custom' as const].map((p) => ({
                        value: p,
                        label: t(`editor.cta.preset.${p}`),
                      }))}
                      onChange={(preset) => setCtaPreset(c.rowId, preset)}
                    />
                    {c.preset === 'custom' && (
                      <CtaField id={`${c.rowId}-custom`} label={t('editor.cta.custom', { n })}>
                        <input
                          id={`${c.rowId}-custom`}
                          className="input"
                          value={c.custom}
                          placeholder={t('editor.cta.custom.placeholder')}
                          ref={focusOnMount}
                          onChange={(e) => setCta(c.rowId, { custom: e.target.value })}
                        />
                      </CtaField>
                    )}
                  </div>
                </div>
                <SaleFields cta={c} n={n} />
                <button
                  type="button"
                  className="btn btn-ghost btn-icon ed-cta__remove"
                  onClick={() => removeCtaRow(c.rowId)}
                  disabled={last}
                  aria-label={t('editor.cta.remove', { n })}
                  title={last ? t('editor.cta.lastRow') : t('editor.cta.remove', { n })}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn btn-secondary btn-sm" onClick={addCtaRow}>
          <Plus size={16} aria-hidden="true" />
          {t('editor.cta.add')}
        </button>
      </fieldset>
      <PresaleFields />
    </>
  );
}

function TrackBadge({ id, state }: { id: string; state: 'tracking' | 'tracked' | 'failed' }) {
  const Icon = state === 'tracking' ? Loader2 : state === 'tracked' ? CheckCircle2 : AlertCircle;
  return (
    <span id={id} className={`ed-track ed-track--${state}`} data-state={state}>
      <Icon size={14} aria-hidden="true" className={state === 'tracking' ? 'ed-spin' : undefined} />
      <span className="ed-track__text">{t(`editor.tracking.${state}`)}</span>
    </span>
  );
}

function ImageFields() {
  const draft = useStore($imageDraft);
  const source = imageDraftSource(draft);
  const shown =
    source === 'custom'
      ? draft.preview
      : source === 'store'
        ? storePath(draft.storeId!)
        : source === 'existing'
          ? draft.existing
          : null;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (file) await setImageFile(file);
  };

  return (
    <>
      <fieldset className="ed-fieldset ed-image">
        <legend className="label">{t('editor.image.legend')}</legend>
        <div className="ed-image__top">
          <div className={`ed-image__preview ed-image__preview--${source}`} data-source={source}>
            {shown ? <img src={shown} alt={t('editor.image.alt')} /> : <Upload size={28} aria-hidden="true" />}
          </div>
          <div className="ed-image__side">
            <p className="ed-image__state" data-testid="image-source">
              {t(`editor.image.state.${source}`)}
            </p>
            <label className="btn btn-secondary ed-file-btn" id="ed-image-file-btn">
              <Upload size={18} aria-hidden="true" />
              {t('editor.image.upload')}
              <input
                id="ed-image-file"
                type="file"
                accept={BUTTON_IMAGE_ACCEPT}
                className="visually-hidden"
                aria-describedby="ed-image-hint"
                onChange={(e) => void onFile(e)}
              />
            </label>
            {source !== 'none' && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={clearImageDraft}>
                <X size={16} aria-hidden="true" />
                {t('editor.image.clear')}
              </button>
            )}
            <p id="ed-image-hint" className="hint">
              {t('editor.image.uploadHint')}
            </p>
          </div>
        </div>
        <p className="ed-image__or">{t('editor.image.orStore')}</p>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons inside the image fieldset, named by its aria-label */}
        <div className="ed-stores" role="group" aria-label={t('editor.image.orStore')}>
          {STORE_LOGOS.map((s) => (
            <button
              key={s.id}
              type="button"
              className={`ed-store ${draft.storeId === s.id ? 'is-on' : ''}`}
              aria-pressed={draft.storeId === s.id}
              aria-label={t('editor.image.store', { name: s.label })}
              title={s.label}
              onClick={() => selectStore(draft.storeId === s.id ? null : s.id)}
            >
              <img src={storePath(s.id)} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      </fieldset>
      <LabelledField id="ed-image-url" label={t('editor.image.url')}>
        <input
          {...URL_INPUT}
          id="ed-image-url"
          value={draft.url}
          placeholder={t('editor.image.url.placeholder')}
          onChange={(e) => setImageUrl(e.target.value)}
        />
      </LabelledField>
    </>
  );
}
