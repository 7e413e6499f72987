// The page's time settings under the form (docs/behaviour.md#in-the-editor): 'Mostra le date
// passate', 'Avvisami' under the dates and the fans' reminder before a sale on a text page, and
// the publishing window, 'Pubblica dal' and 'Fino al', in Europe/Rome
// wall-clock time, each with a button that empties it; an end before the start is shown at once.
import { useStore } from '@nanostores/react';
import { CalendarClock, X } from 'lucide-react';
import { t } from '../../core/messages';
import { $form } from '../../stores/editor/state';
import { setFanSignup, setSaleReminder, setShowPast, setWindowBound } from '../../stores/editor/form';
import { $windowError } from '../../stores/editor/validation';
import './editor-schedule.css';

/** The options of a text page, in the order they show: a checkbox each, its hint below. */
const TEXT_OPTIONS = [
  {
    key: 'showPast',
    id: 'ed-show-past',
    set: setShowPast,
    label: 'editor.schedule.showPast',
    hint: 'editor.schedule.showPastHint',
  },
  {
    key: 'fanSignup',
    id: 'ed-fan-signup',
    set: setFanSignup,
    label: 'fans.editor.form.signup',
    hint: 'fans.editor.form.signupHint',
  },
  {
    key: 'saleReminder',
    id: 'ed-sale-reminder',
    set: setSaleReminder,
    label: 'drops.editor.saleReminder',
    hint: 'drops.editor.saleReminderHint',
  },
] as const;

const BOUNDS = [
  { key: 'visibleFrom', id: 'ed-visible-from', label: 'editor.schedule.from' },
  { key: 'visibleUntil', id: 'ed-visible-until', label: 'editor.schedule.until' },
] as const;

/** A checkbox of the page's options with its hint below ('{id}-hint'). */
function CheckField({
  id,
  checked,
  onChange,
  label,
  hint,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="field ed-check">
      <label className="ed-check__label">
        <input
          type="checkbox"
          className="ed-check__box"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        {label}
      </label>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </div>
  );
}

export default function ScheduleFields() {
  const form = useStore($form);
  const error = useStore($windowError);
  const describedBy = error ? 'ed-window-hint ed-window-error' : 'ed-window-hint';
  return (
    <>
      {form.mode === 'text' &&
        TEXT_OPTIONS.map((o) => (
          <CheckField key={o.id} id={o.id} checked={form[o.key]} onChange={o.set} label={t(o.label)} hint={t(o.hint)} />
        ))}
      <fieldset className="field ed-fieldset ed-window">
        <legend className="label ed-window__legend">
          <CalendarClock size={16} aria-hidden="true" />
          {t('editor.schedule.legend')}
        </legend>
        <div className="ed-window__fields">
          {BOUNDS.map(({ key, id, label }) => (
            <div key={key} className="ed-window__field">
              <label className="ed-small-label" htmlFor={id}>
                {t(label)}
              </label>
              <div className="ed-window__row">
                <input
                  id={id}
                  type="datetime-local"
                  className="input ed-window__input"
                  value={form[key]}
                  onChange={(e) => setWindowBound(key, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                />
                {form[key] && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-icon"
                    onClick={() => {
                      setWindowBound(key, '');
                      document.getElementById(id)?.focus();
                    }}
                    aria-label={t('editor.schedule.clear', { field: t(label) })}
                  >
                    <X size={18} aria-hidden="true" />
                  </button>
                )}
              </div>
            </div>
          ))}
        </div>
        <p id="ed-window-hint" className="hint">
          {t('editor.schedule.hint')}
        </p>
        {error && (
          <p id="ed-window-error" className="error-text" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </>
  );
}
