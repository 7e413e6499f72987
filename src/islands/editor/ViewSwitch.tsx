// The view switch of edit mode: edit; code (admins only); stats. A view whose slot
// (slots.ts) is still empty is not offered.
import { useStore } from '@nanostores/react';
import { BarChart3, Code2, PencilLine } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { t } from '../../core/messages';
import { $editorView, setEditorView, type EditorView } from '../../stores/editor';

interface Props {
  isAdmin: boolean;
  hasCode: boolean;
  hasStats: boolean;
}

export default function ViewSwitch({ isAdmin, hasCode, hasStats }: Props) {
  const view = useStore($editorView);
  const views: Array<{ id: EditorView; label: string; icon: typeof PencilLine }> = [
    { id: 'edit', label: t('editor.view.edit'), icon: PencilLine },
  ];
  if (isAdmin && hasCode) views.push({ id: 'code', label: t('editor.view.code'), icon: Code2 });
  if (hasStats) views.push({ id: 'stats', label: t('editor.view.stats'), icon: BarChart3 });
  if (views.length < 2) return null;

  // arrow keys move between tabs (WAI-ARIA tabs pattern)
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const i = views.findIndex((v) => v.id === view);
    const next = views[(i + (event.key === 'ArrowRight' ? 1 : views.length - 1)) % views.length]!;
    setEditorView(next.id);
    requestAnimationFrame(() => document.getElementById(`ed-tab-${next.id}`)?.focus());
  };

  return (
    <div className="ed-views" role="tablist" aria-label={t('editor.view.label')} onKeyDown={onKey}>
      {views.map(({ id, label, icon: Icon }) => (
        <button
          key={id}
          id={`ed-tab-${id}`}
          type="button"
          role="tab"
          aria-selected={view === id}
          aria-controls="ed-view-panel"
          tabIndex={view === id ? 0 : -1}
          className="ed-views__tab"
          onClick={() => setEditorView(id)}
        >
          <Icon size={16} aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
