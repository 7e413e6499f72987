// A block of the editor's share card folded until asked for (the QR code, 'Incorpora'): a toggle
// button with its icon, title and chevron, and the panel it opens, named by the button.
import { type ReactNode, useId } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { ToggleButton } from '../../../components/ToggleButton';

export function ShareFold({
  open,
  onToggle,
  icon,
  title,
  className,
  panelClass,
  testId,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  icon: ReactNode;
  title: string;
  /** classes of the block beside 'xs-qr-share' */
  className?: string;
  panelClass: string;
  testId: string;
  children: ReactNode;
}) {
  const toggleId = useId();
  const panelId = useId();
  return (
    <div className={className ? `xs-qr-share ${className}` : 'xs-qr-share'}>
      <ToggleButton
        className="btn btn-ghost btn-sm xs-qr-toggle"
        open={open}
        id={toggleId}
        controls={panelId}
        onClick={onToggle}
      >
        {icon}
        {title}
        {open ? <ChevronUp size={16} aria-hidden="true" /> : <ChevronDown size={16} aria-hidden="true" />}
      </ToggleButton>
      {open && (
        <section id={panelId} className={panelClass} aria-labelledby={toggleId} data-testid={testId}>
          {children}
        </section>
      )}
    </div>
  );
}
