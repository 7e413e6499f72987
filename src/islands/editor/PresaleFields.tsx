// A date's presale in the creator (docs/behaviour.md#presales-in-the-editor): 'Prevendita per
// gli iscritti', closed until its toggle opens it (the toggle says the presale once set), with
// the start and the optional end in Italian time, the presale's ticket link and its codes: one
// for every fan, or one-time codes pasted one a line or read from a CSV, counted before the save
// (with none loaded nor typed, a warning: the fans would get nothing).
// Also the list row's line that names a date's presale.
import type { ChangeEvent, ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { AlertTriangle, ChevronDown, Ticket, Trash2, X } from 'lucide-react';
import { CodesFileButton } from '../../components/CodesFileButton';
import { LabelledField, Segmented } from '../../components/SelectField';
import { t } from '../../core/messages';
import { codesCountText, PRESALE_CODES_MAX } from '../../core/presale';
import { ctaOf } from '../../stores/editor/cta-draft';
import { $draftError, $textDraft } from '../../stores/editor/draft';
import {
  $presaleDraft,
  addCodesFromFile,
  clearPresale,
  codesCheck,
  draftWaitsForCodes,
  generalSaleText,
  loadedText,
  mayReplace,
  type PresaleDraft,
  type PresaleKind,
  pendingOfDraft,
  presaleDraftIsEmpty,
  presaleOfDraft,
  presaleSummary,
  setPresaleField,
  togglePresale,
} from '../../stores/editor/presale';
import type { EditorTextButton } from '../../stores/editor/state';
import { notify } from '../../stores/editor/notice';
import './editor-presale.css';

/** A presale code is typed as printed: no suggestions, capitals, no spelling marks. */
const CODE_FIELD = { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false } as const;

const KINDS: readonly PresaleKind[] = ['codes', 'shared'];

/** A change in the group: the creator's error goes, as for the other fields. */
function set<K extends Exclude<keyof PresaleDraft, 'before' | 'open'>>(key: K, value: PresaleDraft[K]): void {
  setPresaleField(key, value);
  $draftError.set(null);
}

export default function PresaleFields() {
  const d = useStore($presaleDraft);
  const ctas = useStore($textDraft).ctas;
  const summary = presaleSummary(presaleOfDraft(d), pendingOfDraft(d));
  return (
    <div className={`ed-presale ${d.open ? 'is-open' : ''}`}>
      <button
        type="button"
        id="ed-presale-toggle"
        className="ed-presale__toggle"
        aria-expanded={d.open}
        aria-controls="ed-presale-body"
        onClick={() => togglePresale()}
      >
        <Ticket size={18} aria-hidden="true" className="ed-presale__icon" />
        <span className="ed-presale__head">
          <span className="ed-presale__title">{t('presale.editor.legend')}</span>
          <span className="ed-presale__summary" data-testid="presale-summary">
            {summary ?? t('presale.editor.none')}
          </span>
        </span>
        <ChevronDown size={18} aria-hidden="true" className="ed-presale__chevron" />
      </button>
      <fieldset id="ed-presale-body" className="ed-presale__body" hidden={!d.open}>
        <legend className="visually-hidden">{t('presale.editor.legend')}</legend>
        <p className="hint ed-presale__intro">{t('presale.editor.intro')}</p>
        <div className="ed-presale__when">
          <HintedField id="ed-presale-start" label={t('presale.editor.start')} hint={t('presale.editor.startHint')}>
            <input
              id="ed-presale-start"
              type="datetime-local"
              className="input"
              value={d.startsAt}
              onChange={(e) => set('startsAt', e.target.value)}
              aria-describedby="ed-presale-start-hint"
            />
          </HintedField>
          <EndField value={d.endsAt} general={generalSaleText(ctas.map(ctaOf))} />
        </div>
        <HintedField id="ed-presale-url" label={t('presale.editor.url')} hint={t('presale.editor.urlHint')}>
          <input
            id="ed-presale-url"
            className="input"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={t('editor.cta.url.placeholder')}
            value={d.url}
            onChange={(e) => set('url', e.target.value)}
            aria-describedby="ed-presale-url-hint"
          />
        </HintedField>
        <div className="field">
          <span id="ed-presale-kind" className="label ed-small-label">
            {t('presale.editor.kind')}
          </span>
          <Segmented
            name="ed-presale-kind"
            className="ed-seg ed-presale__kinds"
            optionClassName="ed-seg__opt ed-presale__kind"
            inputClassName="visually-hidden"
            labelledBy="ed-presale-kind"
            value={d.kind}
            onChange={(kind) => set('kind', kind)}
            options={KINDS.map((kind) => ({ value: kind, content: <span>{t(`presale.editor.kind.${kind}`)}</span> }))}
          />
        </div>
        {d.kind === 'shared' ? (
          <HintedField
            id="ed-presale-shared"
            label={t('presale.editor.sharedCode')}
            hint={t('presale.editor.sharedHint')}
          >
            <input
              id="ed-presale-shared"
              className="input"
              {...CODE_FIELD}
              value={d.sharedCode}
              onChange={(e) => set('sharedCode', e.target.value)}
              aria-describedby="ed-presale-shared-hint"
            />
          </HintedField>
        ) : (
          <CodesField d={d} />
        )}
        {!presaleDraftIsEmpty(d) && (
          <button
            type="button"
            className="btn btn-ghost btn-sm ed-presale__remove"
            onClick={() => {
              clearPresale();
              $draftError.set(null);
              document.getElementById('ed-presale-start')?.focus();
            }}
          >
            <Trash2 size={16} aria-hidden="true" />
            {t('presale.editor.remove')}
          </button>
        )}
      </fieldset>
    </div>
  );
}

/** A field of the group with its hint under it: the control names `{id}-hint` as its description. */
function HintedField({ id, label, hint, children }: { id: string; label: string; hint: string; children: ReactNode }) {
  return (
    <LabelledField id={id} label={label} labelClassName="label ed-small-label">
      {children}
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </LabelledField>
  );
}

/** 'Fine': optional, emptied with its ✕; the hint says when an empty end closes the presale. */
function EndField({ value, general }: { value: string; general: string }) {
  return (
    <HintedField
      id="ed-presale-end"
      label={t('presale.editor.end')}
      hint={general ? t('presale.editor.endHint', { when: general }) : t('presale.editor.endHintNoSale')}
    >
      <div className="ed-presale__row">
        <input
          id="ed-presale-end"
          type="datetime-local"
          className="input ed-presale__input"
          value={value}
          onChange={(e) => set('endsAt', e.target.value)}
          aria-describedby="ed-presale-end-hint"
        />
        {value && (
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            onClick={() => {
              set('endsAt', '');
              document.getElementById('ed-presale-end')?.focus();
            }}
            aria-label={t('presale.editor.endClear')}
          >
            <X size={18} aria-hidden="true" />
          </button>
        )}
      </div>
    </HintedField>
  );
}

/** The one-time codes: the textarea, 'Carica CSV', the count before the save, the loaded count. */
function CodesField({ d }: { d: PresaleDraft }) {
  const check = codesCheck(d);
  const loaded = d.before?.codes ?? 0;
  const replaceable = mayReplace(d.before);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const parsed = addCodesFromFile(await file.text());
      $draftError.set(null);
      if (parsed.problem) notify('error', t('presale.editor.csvFailed', { name: file.name, detail: parsed.problem }));
      else
        notify(
          'info',
          t('presale.editor.csvRead', {
            name: file.name,
            count: codesCountText(parsed.codes.length, parsed.duplicates),
          }),
        );
    } catch {
      notify('error', t('presale.editor.csvFailed', { name: file.name, detail: t('error.connection') }));
    }
  };
  return (
    <div className="field ed-presale__codes">
      <div className="ed-presale__codes-head">
        <label className="label ed-small-label" htmlFor="ed-presale-codes">
          {t('presale.editor.codes')}
        </label>
        {loaded > 0 && (
          <span className="badge tabular ed-presale__loaded" data-testid="presale-loaded">
            {loadedText(loaded)}
          </span>
        )}
      </div>
      <textarea
        id="ed-presale-codes"
        className="textarea ed-presale__textarea"
        rows={5}
        {...CODE_FIELD}
        value={d.codesText}
        onChange={(e) => set('codesText', e.target.value)}
        aria-describedby="ed-presale-codes-count ed-presale-codes-hint"
        aria-invalid={check.problem ? true : undefined}
      />
      <p
        id="ed-presale-codes-count"
        className={`ed-presale__count ${check.problem ? 'error-text' : ''}`}
        role="status"
        data-testid="presale-count"
      >
        {check.problem ?? (d.codesText.trim() ? codesCountText(check.count, check.duplicates) : '')}
      </p>
      {draftWaitsForCodes(d) && (
        <p className="alert alert-warning ed-presale__warn" data-testid="presale-no-codes">
          <AlertTriangle size={16} aria-hidden="true" />
          {t('presale.editor.noCodes')}
        </p>
      )}
      <p id="ed-presale-codes-hint" className="hint">
        {t('presale.editor.codesHint', { max: PRESALE_CODES_MAX.toLocaleString('it-IT') })}
      </p>
      <div className="ed-presale__file">
        <CodesFileButton
          label={t('presale.editor.csv')}
          className="btn btn-secondary ed-file-btn"
          iconSize={18}
          onFile={(e) => void onFile(e)}
        />
      </div>
      {replaceable && (
        <div className="ed-check ed-presale__replace">
          <label className="ed-check__label">
            <input
              type="checkbox"
              className="ed-check__box"
              checked={d.replace}
              onChange={(e) => set('replace', e.target.checked)}
              aria-describedby="ed-presale-replace-hint"
            />
            {t('presale.editor.replace')}
          </label>
          <p id="ed-presale-replace-hint" className="hint">
            {t('presale.editor.replaceHint')}
          </p>
        </div>
      )}
      {loaded > 0 && !replaceable && <p className="hint">{t('presale.editor.addOnly')}</p>}
    </div>
  );
}

/** The list row's line: 'Prevendita dal 12/05 10:00 · 3 codici caricati'. */
export function PresaleNote({ button }: { button: EditorTextButton }) {
  const text = presaleSummary(button.presale, button.presaleCodes);
  if (!text) return null;
  return (
    <p className="ed-presale-note" data-testid="presale-note">
      <Ticket size={14} aria-hidden="true" />
      {text}
    </p>
  );
}
