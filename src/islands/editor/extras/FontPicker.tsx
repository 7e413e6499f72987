import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown, Check } from 'lucide-react';
import { ListOption, moveActive, useActiveInView } from '../../../components/Combobox';
import { t, type MessageKey } from '../../../core/messages';
import { FONTS, findFont, fontStack, type FontStyle, type FontWeight } from '../../../core/fonts';
import { loadFontFace } from './font-loader';

interface FontPickerProps {
  value: string;
  onChange: (family: string) => void;
  /** visible label ('Carattere') */
  label: string;
  /** the group ('Città'), for screen readers */
  context: string;
  name: string;
  /** the face the trigger shows (the group's current weight and style) */
  weight: FontWeight;
  fontStyle: FontStyle;
}

/**
 * The 19 families as a listbox in which every entry is drawn in its own face (a native select
 * cannot show fonts on phones). Faces load only when the list first opens.
 */
export default function FontPicker({ value, onChange, label, context, name, weight, fontStyle }: FontPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const current = findFont(value) ?? FONTS[0]!;
  const [active, setActive] = useState(() => Math.max(0, FONTS.indexOf(current)));
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void loadFontFace(current.family, weight, fontStyle);
  }, [current.family, weight, fontStyle]);

  useEffect(() => {
    if (!open) return;
    for (const font of FONTS) void loadFontFace(font.family, '400', 'normal');
    list.current?.focus({ preventScroll: true });
    // bring the whole list into view (the root's scroll padding keeps the editor's sticky bars clear)
    list.current?.scrollIntoView({ block: 'nearest' });
    const away = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  useActiveInView(list, open, active);

  function show() {
    setActive(Math.max(0, FONTS.indexOf(current)));
    setOpen(true);
  }

  function choose(index: number) {
    const font = FONTS[index];
    if (font && font.family !== current.family) onChange(font.family);
    setOpen(false);
    trigger.current?.focus();
  }

  function onListKey(e: KeyboardEvent<HTMLDivElement>) {
    const next = moveActive(e.key, active, FONTS.length, true);
    if (next !== null) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (/^[a-z]$/i.test(e.key)) {
      // type-ahead on the first letter, cycling through the matches
      const letter = e.key.toLowerCase();
      const order = [...FONTS.slice(active + 1), ...FONTS.slice(0, active + 1)];
      const hit = order.find((f) => f.family.toLowerCase().startsWith(letter));
      if (hit) setActive(FONTS.indexOf(hit));
    }
  }

  return (
    <div className="xs-font" ref={root} data-field={name}>
      <span className="xs-label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        className="xs-font-trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`${context} – ${label}: ${current.family}`}
        data-family={current.family}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show();
          }
        }}
      >
        <span
          id={`${id}-value`}
          className="xs-font-name"
          style={{ fontFamily: fontStack(current.family), fontWeight: weight, fontStyle }}
        >
          {current.family}
        </span>
        <ChevronDown size={18} aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={list}
          className="xs-font-list"
          role="listbox"
          // a listbox is a tab stop of its own (WAI-ARIA listbox pattern): its scrolling list is
          // then reachable by keyboard like any scrollable region
          tabIndex={0}
          aria-label={`${context} – ${label}`}
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKey}
        >
          {FONTS.map((font, index) => {
            const selected = font.family === current.family;
            return (
              <ListOption
                key={font.id}
                id={`${id}-opt-${index}`}
                index={index}
                data={{ 'data-family': font.family }}
                selected={selected}
                className={`xs-font-option${index === active ? ' is-active' : ''}`}
                onHover={() => setActive(index)}
                onPick={() => choose(index)}
              >
                <span className="xs-font-sample" style={{ fontFamily: fontStack(font.family) }}>
                  {font.family}
                </span>
                <span className="xs-font-meta">{t(`extras.styles.category.${font.category}` as MessageKey)}</span>
                {selected && <Check size={16} aria-hidden="true" className="xs-font-check" />}
              </ListOption>
            );
          })}
        </div>
      )}
    </div>
  );
}
