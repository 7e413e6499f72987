// The shared form controls for a choice among a few values: a labelled native <select>, and a
// segmented control (a radio group drawn as buttons side by side). Both are plain form elements,
// so the keyboard, the phone's picker and screen readers work as the platform makes them.
import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: readonly Choice<T>[];
  onChange: (value: T) => void;
  name?: string;
  /** a fuller accessible name than the visible label ('Città – Dimensione') */
  ariaLabel?: string;
  /** the wrapper's classes, e.g. 'field' */
  className: string;
  /** the label's classes, e.g. 'label' or 'visually-hidden' */
  labelClassName: string;
  /** drawn between the label and the select */
  icon?: ReactNode;
}

/** A wrapper with a label for the control inside it (whose id is `id`), then the control. */
export function LabelledField({
  id,
  label,
  className = 'field',
  labelClassName = 'label',
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const { id, label, value, options, onChange, name, ariaLabel, className, labelClassName, icon } = props;
  return (
    <LabelledField id={id} label={label} className={className} labelClassName={labelClassName}>
      {icon}
      <select
        id={id}
        name={name}
        className="select"
        aria-label={ariaLabel}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

export interface Segment<T extends string> {
  value: T;
  /** what the option shows */
  content: ReactNode;
  /** the radio's own name when the visible content does not say enough */
  ariaLabel?: string;
  disabled?: boolean;
  /** extra classes for this option's label */
  className?: string;
}

interface SegmentedProps<T extends string> {
  /** the radios' shared name */
  name: string;
  value: T;
  options: readonly Segment<T>[];
  onChange: (value: T) => void;
  /** the group's classes */
  className: string;
  /** each option's classes; 'is-on' is added to the chosen one */
  optionClassName: string;
  /** e.g. 'visually-hidden' when the option draws its own state */
  inputClassName?: string;
  labelledBy?: string;
  describedBy?: string;
}

export function Segmented<T extends string>(props: SegmentedProps<T>) {
  const { name, value, options, onChange, className, optionClassName, inputClassName } = props;
  return (
    <div
      className={className}
      role="radiogroup"
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
    >
      {options.map((o) => (
        <label
          key={o.value}
          className={[optionClassName, o.value === value ? 'is-on' : '', o.className ?? ''].filter(Boolean).join(' ')}
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            disabled={o.disabled}
            aria-label={o.ariaLabel}
            className={inputClassName}
            onChange={() => onChange(o.value)}
          />
          {o.content}
        </label>
      ))}
    </div>
  );
}
