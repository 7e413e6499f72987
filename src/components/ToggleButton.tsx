// A button that shows or hides another element (a menu, a table, more rows): aria-expanded says
// whether it is shown and aria-controls names it, as the disclosure pattern asks.
import type { ButtonHTMLAttributes } from 'react';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** the controlled element is shown */
  open: boolean;
  /** the controlled element's id */
  controls: string;
}

export function ToggleButton({ open, controls, ...rest }: Props) {
  return <button type="button" aria-expanded={open} aria-controls={controls} {...rest} />;
}
