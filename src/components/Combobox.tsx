// The one combobox of the site (WAI-ARIA editable combobox with a list of suggestions): the focus
// stays in the text field while ↓/↑ move through the options (wrapping round), Enter picks the
// active one, Escape closes the list, and the list closes a moment after the field loses focus
// so a press on an option still lands. The listbox parts (the keys, the option, scrolling the
// active option into view) are shared with the pickers that open a list of their own.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Check, Plus } from 'lucide-react';
import { COMPANY_AUTOCOMPLETE_CLOSE_MS } from '../core/constants';

export interface ComboOption {
  value: string;
  label: string;
  /** the typed text offered as a new entry */
  create: boolean;
}

/** The names holding the typed text, in any case; all of them when nothing is typed. */
export function filterByText(names: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [...names];
  return names.filter((name) => name.toLowerCase().includes(needle));
}

/** The matching names (at most `limit`), then the typed text as a new entry unless it exists. */
export function suggestions(
  names: readonly string[],
  typed: string,
  createLabel: (name: string) => string,
  limit = Number.POSITIVE_INFINITY,
): ComboOption[] {
  const options = filterByText(names, typed)
    .slice(0, limit)
    .map((name) => ({ value: name, label: name, create: false }));
  const text = typed.trim();
  if (text && !names.some((name) => name.toLowerCase() === text.toLowerCase()))
    options.push({ value: text, label: createLabel(text), create: true });
  return options;
}

/** The next active index for a list key (arrows wrap round), or null for any other key. */
export function moveActive(key: string, active: number, count: number, withPaging = false): number | null {
  if (count === 0) return null;
  const last = count - 1;
  if (key === 'ArrowDown') return active >= last ? 0 : active + 1;
  if (key === 'ArrowUp') return active <= 0 ? last : active - 1;
  if (!withPaging) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === 'PageDown') return Math.min(last, active + 5);
  if (key === 'PageUp') return Math.max(0, active - 5);
  return null;
}

/** Keeps the active option of an open list in view. */
export function useActiveInView(list: RefObject<HTMLElement | null>, open: boolean, active: number): void {
  useEffect(() => {
    if (open && active >= 0)
      list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [list, open, active]);
}

interface ListOptionProps {
  id: string;
  index: number;
  selected: boolean;
  className: string;
  onPick: () => void;
  onHover: () => void;
  children: ReactNode;
  /** e.g. data-family, for the picker's own styling and tests */
  data?: Record<`data-${string}`, string>;
}

/** One option of a list reached through aria-activedescendant (the focus stays on its owner). */
export function ListOption({ id, index, selected, className, onPick, onHover, children, data }: ListOptionProps) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the list's owner keeps the focus and points at the option with aria-activedescendant
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-index={index}
      {...data}
      className={className}
      // a press, not a click: it lands before the owner's blur and keeps the focus where it is
      onMouseDown={(e) => {
        e.preventDefault();
        onPick();
      }}
      onPointerMove={(e) => {
        // only a pointer that really moves takes over: a list opening or scrolling under a
        // resting mouse must not steal the keyboard's choice
        if (e.movementX !== 0 || e.movementY !== 0) onHover();
      }}
    >
      {children}
    </div>
  );
}

interface ComboboxProps {
  label: string;
  /** the listbox's name ('Aziende suggerite') */
  listLabel: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  options: readonly ComboOption[];
  id?: string;
  name?: string;
  autoComplete: string;
  /** an icon drawn inside the field */
  icon?: ReactNode;
  /** takes the focus when its dialog opens */
  autoFocus?: boolean;
  /** the list pushes what follows down instead of floating over it (inside a dialog) */
  inline?: boolean;
  invalid: boolean;
  describedBy: string;
  /** the hint or error below the field */
  children: ReactNode;
}

export function Combobox(props: ComboboxProps) {
  const { label, listLabel, value, onValue, onBlur, options, name, autoComplete, icon, autoFocus, inline } = props;
  const uid = useId();
  const id = props.id ?? `${uid}-input`;
  const listId = `${uid}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const expanded = open && options.length > 0;
  const current = Math.min(active, options.length - 1);
  useActiveInView(listRef, open, current);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  // Whether a pointer is held down while the list is open: a mouse press outside the field
  // blurs it on the way down, and closing the list before the release would move what follows
  // (an inline list's dialog buttons) from under the pointer: the click would be lost.
  const held = useRef(false);
  useEffect(() => {
    if (!open) return undefined;
    const down = () => {
      held.current = true;
    };
    const up = () => {
      held.current = false;
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
      held.current = false;
    };
  }, [open]);

  /** Closes the list a moment after the blur, or after the press that caused it is released. */
  const closeSoon = () => {
    const start = () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
      closeTimer.current = setTimeout(() => {
        if (document.activeElement?.id !== id) setOpen(false);
      }, COMPANY_AUTOCOMPLETE_CLOSE_MS);
    };
    if (!held.current) {
      start();
      return;
    }
    const released = () => {
      document.removeEventListener('pointerup', released, true);
      document.removeEventListener('pointercancel', released, true);
      start();
    };
    document.addEventListener('pointerup', released, true);
    document.addEventListener('pointercancel', released, true);
  };

  const pick = (option: ComboOption) => {
    onValue(option.value);
    setOpen(false);
    setActive(-1);
  };

  const input = (
    <input
      id={id}
      name={name}
      className="input"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={expanded && current >= 0 ? `${listId}-${current}` : undefined}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      autoComplete={autoComplete}
      data-autofocus={autoFocus || undefined}
      value={value}
      onChange={(e) => {
        onValue(e.target.value);
        setOpen(true);
        setActive(-1);
      }}
      onFocus={() => {
        if (closeTimer.current) clearTimeout(closeTimer.current);
        setOpen(true);
      }}
      onBlur={() => {
        onBlur?.();
        closeSoon();
      }}
      onKeyDown={(e) => {
        const next = moveActive(e.key, current, options.length);
        if (next !== null) {
          e.preventDefault();
          setOpen(true);
          setActive(next);
        } else if (e.key === 'Enter' && expanded && current >= 0) {
          e.preventDefault();
          const option = options[current];
          if (option) pick(option);
        } else if (e.key === 'Escape' && expanded) {
          // closes the list, not the dialog around it
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
        }
      }}
    />
  );

  return (
    <div className={inline ? 'field combobox combobox--inline' : 'field combobox'}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {icon ? (
        <div className="input-wrap has-icon">
          <span className="input-icon" aria-hidden="true">
            {icon}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      <div ref={listRef} id={listId} role="listbox" aria-label={listLabel} className="combobox-list" hidden={!expanded}>
        {options.map((option, index) => (
          <ListOption
            key={`${option.create ? 'new' : 'old'}-${option.value}`}
            id={`${listId}-${index}`}
            index={index}
            selected={index === current}
            className={option.create ? 'combobox-option is-create' : 'combobox-option'}
            onPick={() => pick(option)}
            onHover={() => setActive(index)}
          >
            {option.create ? (
              <Plus size={16} aria-hidden="true" />
            ) : (
              <Check size={16} aria-hidden="true" className={option.value === value ? 'is-on' : 'is-off'} />
            )}
            <span>{option.label}</span>
          </ListOption>
        ))}
      </div>
      {props.children}
    </div>
  );
}
