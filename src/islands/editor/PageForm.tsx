// The page fields: Titolo, slug, mode, theme, header upload and the time settings (ScheduleFields).
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { FileImage, Image as ImageIcon, Lock, Type, Upload, X } from 'lucide-react';
import { LabelledField, type Segment, Segmented } from '../../components/SelectField';
import { t } from '../../core/messages';
import { $buttons, $editing, $form, $lastSaved, type PageMode, type PageStyle } from '../../stores/editor/state';
import { HEADER_ACCEPT, setHeaderFile, setMode, setSlug, setStyle, setTitle } from '../../stores/editor/form';
import { $duplicateError } from '../../stores/editor/validation';
import { sanitiseSlug } from '../../stores/editor/core';
import { posterShown } from '../../stores/editor/poster';
import HeaderPoster from './HeaderPoster';
import ScheduleFields from './ScheduleFields';

const MODES: Array<{ id: PageMode; icon: typeof Type }> = [
  { id: 'text', icon: Type },
  { id: 'image', icon: ImageIcon },
];
const STYLES: PageStyle[] = ['light', 'dark', 'custom'];

/**
 * A choice of the page drawn as cards or pills (mode, theme): a fieldset named by its legend,
 * the radios hidden as each option draws its own state; `children` come below (a hint).
 */
function ChoiceFieldset<T extends string>({
  legend,
  className,
  optionClassName,
  children,
  ...segmented
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly Segment<T>[];
  onChange: (value: T) => void;
  /** classes beside 'ed-seg' */
  className?: string;
  /** classes beside 'ed-seg__opt' */
  optionClassName?: string;
  describedBy?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className="field ed-fieldset">
      <legend className="label">{legend}</legend>
      <Segmented
        {...segmented}
        className={className ? `ed-seg ${className}` : 'ed-seg'}
        optionClassName={optionClassName ? `ed-seg__opt ${optionClassName}` : 'ed-seg__opt'}
        inputClassName="visually-hidden"
      />
      {children}
    </fieldset>
  );
}

export default function PageForm() {
  const form = useStore($form);
  const editing = useStore($editing);
  const buttons = useStore($buttons);
  const duplicate = useStore($duplicateError);
  const [slugNote, setSlugNote] = useState<string | null>(null);
  const [slugBlurred, setSlugBlurred] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastSaved = useStore($lastSaved);
  const locked = buttons.length > 0;

  // a fresh form (after a save, a load or a cancel) starts without field errors
  // biome-ignore lint/correctness/useExhaustiveDependencies: editing and lastSaved are the triggers, not inputs
  useEffect(() => {
    setSlugBlurred(false);
    setSlugNote(null);
  }, [editing, lastSaved]);

  const onSlug = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    // the input strips what a slug cannot hold; say why characters vanished
    setSlugNote(sanitiseSlug(raw) !== raw ? t('slug.pattern') : null);
    setSlug(raw);
  };

  const onHeader = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (file) await setHeaderFile(file);
  };

  const slugRequired = slugBlurred && !form.slug && !editing;
  const slugMessage = slugRequired ? t('slug.required') : duplicate?.startsWith('Lo slug') ? duplicate : null;
  const titleMessage = duplicate && !duplicate.startsWith('Lo slug') ? duplicate : null;
  const headerSrc = form.headerPreview || form.header;
  const isVideo = form.headerKind === 'video';
  const origin = typeof location === 'undefined' ? '' : location.host;

  return (
    <section className="card ed-card" aria-labelledby="ed-page-title">
      <h2 id="ed-page-title" className="ed-card__title">
        {t('editor.section.page')}
      </h2>

      <LabelledField id="ed-title" label={t('editor.field.title')}>
        <input
          id="ed-title"
          className="input"
          value={form.title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={t('editor.field.title.placeholder')}
          autoComplete="off"
          aria-invalid={titleMessage ? true : undefined}
          aria-describedby={titleMessage ? 'ed-title-error' : undefined}
        />
        {titleMessage && (
          <p id="ed-title-error" className="error-text" role="alert">
            {titleMessage}
          </p>
        )}
      </LabelledField>

      <LabelledField id="ed-slug" label={t('editor.field.slug')}>
        <div className="ed-slug">
          <span className="ed-slug__prefix" aria-hidden="true">
            <span className="ed-slug__host">{origin}</span>/
          </span>
          <input
            id="ed-slug"
            className="input ed-slug__input"
            value={form.slug}
            onChange={onSlug}
            onBlur={() => setSlugBlurred(true)}
            readOnly={Boolean(editing)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="text"
            aria-invalid={slugMessage ? true : undefined}
            aria-describedby="ed-slug-hint"
          />
          {editing && <Lock size={16} className="ed-slug__lock" aria-hidden="true" />}
        </div>
        {slugMessage ? (
          <p id="ed-slug-hint" className="error-text" role="alert">
            {slugMessage}
          </p>
        ) : slugNote ? (
          <p id="ed-slug-hint" className="error-text ed-soft-error" role="alert">
            {slugNote}
          </p>
        ) : (
          <p id="ed-slug-hint" className="hint">
            {editing ? t('editor.field.slug.locked') : t('editor.field.slug.hintEmpty')}
          </p>
        )}
      </LabelledField>

      <ChoiceFieldset
        legend={t('editor.field.mode')}
        name="ed-mode"
        className="ed-seg--cards"
        describedBy={locked ? 'ed-mode-locked' : undefined}
        value={form.mode}
        // refused with the editor's message once buttons exist (the radio stays put)
        onChange={setMode}
        options={MODES.map(({ id, icon: Icon }) => ({
          value: id,
          className: locked && form.mode !== id ? 'is-locked' : undefined,
          content: (
            <>
              <Icon size={20} aria-hidden="true" />
              <span className="ed-seg__label">{t(id === 'text' ? 'editor.mode.text' : 'editor.mode.image')}</span>
              <span className="ed-seg__hint">
                {t(id === 'text' ? 'editor.mode.text.hint' : 'editor.mode.image.hint')}
              </span>
            </>
          ),
        }))}
      >
        {locked && (
          <p id="ed-mode-locked" className="hint ed-lock-hint">
            <Lock size={14} aria-hidden="true" /> {t('editor.mode.lockedHint')}
          </p>
        )}
      </ChoiceFieldset>

      {form.mode === 'text' && (
        <ChoiceFieldset
          legend={t('editor.field.theme')}
          name="ed-style"
          optionClassName="ed-seg__opt--pill"
          value={form.style}
          onChange={setStyle}
          options={STYLES.map((id) => ({
            value: id,
            content: (
              <>
                <span className={`ed-swatch ed-swatch--${id}`} aria-hidden="true" />
                <span className="ed-seg__label">{t(`editor.theme.${id}`)}</span>
              </>
            ),
          }))}
        />
      )}

      <div className="field">
        <span className="label" id="ed-header-label">
          {t('editor.field.header')}
        </span>
        <div className="ed-header">
          {headerSrc ? (
            <div className="ed-header__row">
              <div className="ed-header__media">
                {isVideo ? (
                  <video
                    src={headerSrc}
                    poster={posterShown(form)?.src}
                    muted
                    loop
                    autoPlay
                    playsInline
                    aria-label={t('editor.header.previewAlt')}
                  />
                ) : (
                  <img src={headerSrc} alt={t('editor.header.previewAlt')} />
                )}
                <span className={`badge ${form.headerFile ? 'badge-accent' : ''} ed-header__badge`}>
                  {form.headerFile ? t('editor.header.new') : t('editor.header.current')}
                </span>
              </div>
              {isVideo && <HeaderPoster />}
            </div>
          ) : (
            <div className="ed-header__empty" aria-hidden="true">
              <FileImage size={32} />
            </div>
          )}
          <div className="ed-header__actions">
            <label className="btn btn-secondary ed-file-btn">
              <Upload size={18} aria-hidden="true" />
              {headerSrc ? t('editor.header.replace') : t('editor.header.choose')}
              <input
                ref={fileRef}
                id="ed-header"
                type="file"
                accept={HEADER_ACCEPT}
                className="visually-hidden"
                aria-labelledby="ed-header-label"
                aria-describedby="ed-header-hint"
                onChange={(e) => void onHeader(e)}
              />
            </label>
            {form.headerFile && (
              <button type="button" className="btn btn-ghost" onClick={() => void setHeaderFile(null)}>
                <X size={18} aria-hidden="true" />
                {t('editor.header.remove')}
              </button>
            )}
          </div>
          <p id="ed-header-hint" className="hint">
            {t('editor.header.hint')}
          </p>
        </div>
      </div>

      <ScheduleFields />
    </section>
  );
}
