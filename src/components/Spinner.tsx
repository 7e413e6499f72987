import { t } from '../core/messages';

interface SpinnerProps {
  size?: 'sm' | 'lg';
  /** Screen-reader text; defaults to 'Caricamento in corso…'. */
  label?: string;
  /** Centred in a full-height block (page and guard loading). */
  block?: boolean;
}

/** The loading indicator: a role=status spinner with hidden text for screen readers. */
export default function Spinner({ size = 'sm', label, block = false }: SpinnerProps) {
  const spinner = (
    <span role="status" className="spinner-wrap">
      <span className={size === 'lg' ? 'spinner spinner-lg' : 'spinner'} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('ui.loading')}</span>
    </span>
  );
  return block ? <div className="spinner-block">{spinner}</div> : spinner;
}
