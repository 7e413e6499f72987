// The view switch of edit mode: edit; code (admins only); stats; fans; history ('Cronologia').
// A view whose slot (slots.ts) is still empty is not offered.
import { useStore } from '@nanostores/react';
import { BarChart3, Code2, History, PencilLine, Users } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { t } from '../../core/messages';
import { $editorView, setEditorView, type EditorView } from '../../stores/editor/state';

const TABS = {
  edit: { label: 'editor.view.edit', icon: PencilLine },
  code: { label: 'editor.view.code', icon: Code2 },
  stats: { label: 'editor.view.stats', icon: BarChart3 },
  fans: { label: 'fans.editor.tab', icon: Users },
  history: { label: 'historyView.tab', icon: History },
} as const;

/** The views offered as tabs, in order; none when edit would be the only one. */
export function offeredViews({
  isAdmin,
  hasCode,
  hasStats,
  hasFans = false,
  hasHistory = false,
}: {
  isAdmin: boolean;
  hasCode: boolean;
  hasStats: boolean;
  /** the fan view sits beside the statistics: offered where they are */
  hasFans?: boolean;
  /** 'Cronologia': every member may read a page's versions */
  hasHistory?: boolean;
}) {
  const views: EditorView[] = ['edit'];
  if (isAdmin && hasCode) views.push('code');
  if (hasStats) views.push('stats');
  if (hasStats && hasFans) views.push('fans');
  if (hasHistory) views.push('history');
  return views.length < 2 ? [] : views;
}

/** The id of a view's tab, which names the view's panel. */
export const tabId = (view: EditorView) => `ed-tab-${view}`;

/** The id of the panel every tab controls (the view on show). */
export const VIEW_PANEL_ID = 'ed-view-panel';

/** The tabs of offeredViews(); renders nothing when it offers none. */
export default function ViewSwitch({ views }: { views: readonly EditorView[] }) {
  const view = useStore($editorView);
  if (views.length === 0) return null;

  // arrow keys move between tabs (WAI-ARIA tabs pattern)
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const i = views.indexOf(view);
    const next = views[(i + (event.key === 'ArrowRight' ? 1 : views.length - 1)) % views.length]!;
    setEditorView(next);
    requestAnimationFrame(() => document.getElementById(tabId(next))?.focus());
  };

  return (
    <div className="ed-views" role="tablist" aria-label={t('editor.view.label')} onKeyDown={onKey}>
      {views.map((id) => {
        const { label, icon: Icon } = TABS[id];
        return (
          <button
            key={id}
            id={tabId(id)}
            type="button"
            role="tab"
            aria-selected={view === id}
            aria-controls={VIEW_PANEL_ID}
            tabIndex={view === id ? 0 : -1}
            className="ed-views__tab"
            onClick={() => setEditorView(id)}
          >
            <Icon size={16} aria-hidden="true" />
            {t(label)}
          </button>
        );
      })}
    </div>
  );
}
