// A search box: its label for screen readers only, the magnifier drawn inside the frame, and an
// input of type search that the browser does not autofill or spell-check. Anything else drawn in
// the frame (a clear button) comes as children, after the input.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Search } from 'lucide-react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className'> {
  id: string;
  label: string;
  /** the frame's classes */
  className: string;
  /** the input's classes beside 'input' */
  inputClassName?: string;
  iconClassName: string;
  children?: ReactNode;
}

export function SearchField({ id, label, className, inputClassName, iconClassName, children, ...input }: Props) {
  return (
    <div className={className}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <Search size={18} className={iconClassName} aria-hidden="true" />
      <input
        id={id}
        className={inputClassName ? `input ${inputClassName}` : 'input'}
        type="search"
        autoComplete="off"
        spellCheck={false}
        {...input}
      />
      {children}
    </div>
  );
}
