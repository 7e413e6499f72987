// The × that closes a dialog, drawer or notice: an icon-only button named by its label.
import { X } from 'lucide-react';

interface CloseButtonProps {
  label: string;
  onClick: () => void;
  /** defaults to the ghost icon button of dialog headers */
  className?: string;
  size?: number;
  /** takes the focus when the dialog around it opens (see Modal) */
  autoFocusOnOpen?: boolean;
  onFocus?: () => void;
  onBlur?: () => void;
}

export function CloseButton({
  label,
  onClick,
  className = 'btn btn-ghost btn-icon',
  size = 20,
  autoFocusOnOpen,
  onFocus,
  onBlur,
}: CloseButtonProps) {
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      onFocus={onFocus}
      onBlur={onBlur}
      aria-label={label}
      data-autofocus={autoFocusOnOpen || undefined}
    >
      <X size={size} aria-hidden="true" />
    </button>
  );
}
