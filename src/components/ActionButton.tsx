// A small button of a list or a section head: an icon, then its text, with an optional name for
// screen readers that says what it acts on. While busy the icon turns into a spinner.
import { Loader2, type LucideIcon } from 'lucide-react';

interface ActionButtonProps {
  icon: LucideIcon;
  text: string;
  /** the button's classes beside 'btn btn-sm', e.g. 'btn-primary' */
  className: string;
  onClick: () => void;
  /** the accessible name when the text alone does not say what it acts on */
  label?: string;
  disabled?: boolean;
  busy?: boolean;
  /** 'dialog' when it opens one */
  popup?: 'dialog';
  iconSize?: number;
}

export function ActionButton({
  icon: Icon,
  text,
  className,
  onClick,
  label,
  disabled,
  busy,
  popup,
  iconSize = 16,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${className}`}
      onClick={onClick}
      disabled={disabled}
      aria-haspopup={popup}
      aria-label={label}
    >
      {busy ? (
        <Loader2 size={iconSize} className="ed-spin" aria-hidden="true" />
      ) : (
        <Icon size={iconSize} aria-hidden="true" />
      )}
      {text}
    </button>
  );
}
