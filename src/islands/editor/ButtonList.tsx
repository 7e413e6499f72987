// The button list: reorder, edit, delete. dnd-kit (drag and keyboard) is loaded lazily;
// until then the same rows render without handles.
import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { ListOrdered } from 'lucide-react';
import { t } from '../../core/messages';
import { $buttons } from '../../stores/editor';
import ButtonRow from './ButtonRow';

const SortableButtons = lazy(() => import('./SortableButtons'));

export default function ButtonList() {
  const buttons = useStore($buttons);
  return (
    <section className="card ed-card" aria-labelledby="ed-list-title">
      <h2 id="ed-list-title" className="ed-card__title">
        {t('editor.section.list')}
        <span className="badge tabular" data-testid="button-count">
          {t(buttons.length === 1 ? 'editor.list.countOne' : 'editor.list.count', { count: buttons.length })}
        </span>
      </h2>
      {buttons.length === 0 ? (
        <div className="ed-empty">
          <ListOrdered size={28} aria-hidden="true" />
          <p>{t('editor.list.empty')}</p>
        </div>
      ) : (
        <Suspense
          fallback={
            <ol className="ed-list">
              {buttons.map((b, i) => (
                <li key={b.key}>
                  <ButtonRow button={b} index={i} />
                </li>
              ))}
            </ol>
          }
        >
          <SortableButtons buttons={buttons} />
        </Suspense>
      )}
    </section>
  );
}
