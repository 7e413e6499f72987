import { t } from '../core/messages';

interface SkeletonsProps {
  count: number;
  /** the box's classes, e.g. 'us-stats' */
  className: string;
  /** each placeholder's classes */
  itemClassName: string;
}

/** Grey placeholders where a list is still loading; screen readers hear 'Caricamento in corso…'. */
export function Skeletons({ count, className, itemClassName }: SkeletonsProps) {
  return (
    <div className={className} aria-busy="true" role="status" aria-label={t('ui.loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, only counted
        <div key={i} className={itemClassName} />
      ))}
    </div>
  );
}
