// Company autocomplete (SPEC 2 'Signup screen'): an ARIA 1.2 combobox over GET
// /api/admin/companies, filtered by case-insensitive substring, with a 'Crea nuova: "..."'
// option for the typed text; the list closes 200 ms after the field loses focus (so a click
// on an option still lands). Keyboard: ↓/↑ move, Enter picks, Escape closes.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Building2, Check, Plus } from 'lucide-react';
import { COMPANY_AUTOCOMPLETE_CLOSE_MS } from '../../core/constants';
import { t } from '../../core/messages';
import { listCompanies } from '../../lib/api-client';

interface Props {
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  error?: string | null;
}

interface Option {
  value: string;
  label: string;
  create: boolean;
}

export function filterCompanies(companies: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [...companies];
  return companies.filter((name) => name.toLowerCase().includes(needle));
}

export default function CompanyCombobox({ value, onValue, onBlur, error }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [companies, setCompanies] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    listCompanies(false)
      .then((answer) => {
        if (Array.isArray(answer?.companies)) {
          setCompanies(answer.companies.filter((c): c is string => typeof c === 'string'));
        }
      })
      // SPEC 8: a failure to load the company list is only logged
      .catch((err: unknown) => console.error(err));
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, []);

  const options = useMemo<Option[]>(() => {
    const matches = filterCompanies(companies, value).map((name) => ({ value: name, label: name, create: false }));
    const typed = value.trim();
    const exact = companies.some((name) => name.toLowerCase() === typed.toLowerCase());
    if (typed && !exact)
      matches.push({ value: typed, label: t('signup.createCompany', { name: typed }), create: true });
    return matches;
  }, [companies, value]);

  useEffect(() => {
    if (active >= options.length) setActive(options.length - 1);
  }, [options.length, active]);

  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const pick = (option: Option) => {
    onValue(option.value);
    setOpen(false);
    setActive(-1);
  };

  const expanded = open && options.length > 0;
  const described = [error ? `${id}-err` : `${id}-hint`].join(' ');

  return (
    <div className="field combobox">
      <label className="label" htmlFor={`${id}-input`}>
        {t('signup.company')}
      </label>
      <div className="input-wrap has-icon">
        <span className="input-icon" aria-hidden="true">
          <Building2 size={18} />
        </span>
        <input
          id={`${id}-input`}
          name="company"
          className="input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          autoComplete="organization"
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
            onBlur();
            closeTimer.current = setTimeout(() => setOpen(false), COMPANY_AUTOCOMPLETE_CLOSE_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (options.length ? (i + 1) % options.length : -1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
            } else if (e.key === 'Enter' && expanded && active >= 0) {
              e.preventDefault();
              const option = options[active];
              if (option) pick(option);
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              setOpen(false);
            }
          }}
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('signup.companySuggestions')}
        className="combobox-list"
        hidden={!expanded}
      >
        {options.map((option, index) => (
          <li
            key={`${option.create ? 'new' : 'old'}-${option.value}`}
            id={`${id}-opt-${index}`}
            data-index={index}
            role="option"
            aria-selected={index === active}
            className={option.create ? 'combobox-option is-create' : 'combobox-option'}
            // mousedown, not click: it fires before the input's blur
            onMouseDown={(e) => {
              e.preventDefault();
              pick(option);
            }}
            onMouseMove={() => setActive(index)}
          >
            {option.create ? (
              <Plus size={16} aria-hidden="true" />
            ) : (
              <Check size={16} aria-hidden="true" className={option.value === value ? 'is-on' : 'is-off'} />
            )}
            <span>{option.label}</span>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="error-text" id={`${id}-err`} role="alert">
          {error}
        </p>
      ) : (
        <p className="hint" id={`${id}-hint`}>
          {t('signup.companyHint')}
        </p>
      )}
    </div>
  );
}
