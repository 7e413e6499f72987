import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../core/messages';
import { normaliseColor } from '../../../core/styles';
import PaletteSwatches from './PaletteSwatches';

interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (colour: string) => void;
  palette: readonly string[];
  /** stable hook for tests and labels, e.g. 'city-color' */
  name: string;
  /** the group it belongs to ('Città'), so screen readers hear which colour this is */
  context?: string;
}

const FULL_HEX = /^#?[0-9a-fA-F]{6}$/;

/**
 * A colour as a text field plus the native picker, with the header palette beside it.
 * Typing a complete hex updates the preview at once; leaving the field normalises whatever was
 * typed to #RRGGBB, and anything invalid becomes #000000.
 */
export default function ColorField({ label, value, onChange, palette, name, context }: ColorFieldProps) {
  const id = useId();
  const full = context ? `${context} – ${label}` : label;
  const [draft, setDraft] = useState(value);
  const focused = useRef(false);

  // a preset, a swatch or the picker changed the value: show it unless the user is typing
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);

  function commit() {
    const colour = normaliseColor(draft);
    setDraft(colour);
    if (colour !== value) onChange(colour);
  }

  return (
    <div className="xs-color" data-field={name}>
      <label className="xs-label" htmlFor={id}>
        {label}
      </label>
      <div className="xs-color-row">
        <span className="xs-color-pick">
          <input
            type="color"
            value={normaliseColor(value).toLowerCase()}
            aria-label={t('extras.styles.colorPicker', { label: full })}
            onChange={(e) => {
              const colour = normaliseColor(e.target.value);
              setDraft(colour);
              onChange(colour);
            }}
          />
        </span>
        <input
          id={id}
          name={name}
          className="input xs-hex tabular"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={9}
          value={draft}
          aria-label={t('extras.styles.colorHex', { label: full })}
          onFocus={() => {
            focused.current = true;
          }}
          onChange={(e) => {
            const next = e.target.value;
            setDraft(next);
            if (FULL_HEX.test(next.trim())) onChange(normaliseColor(next));
          }}
          onBlur={() => {
            focused.current = false;
            commit();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
        <PaletteSwatches
          colours={palette}
          current={value}
          label={full}
          onPick={(colour) => {
            setDraft(colour);
            onChange(colour);
          }}
        />
      </div>
    </div>
  );
}
