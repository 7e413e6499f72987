// The 'Cronologia' view of a saved page (docs/behaviour.md#history): its versions, newest first,
// each with when, who and what changed, the newest marked 'Attuale'; 'Apri' shows a version in the
// preview, 'Ripristina' (not for a Lettore) saves it again as the new current one. State and
// actions: src/stores/editor/history.ts.
import { lazy, Suspense, useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { Eye, History, Info, Loader2, RefreshCw, RotateCcw } from 'lucide-react';
import { t } from '../../../core/messages';
import {
  $history,
  $openedVersion,
  $versionBusy,
  closeVersion,
  kindLabel,
  loadHistory,
  openVersion,
  restoreVersion,
  type VersionMeta,
  versionSummary,
  versionWhen,
  versionWho,
} from '../../../stores/editor/history';
import { $rights } from '../../../stores/editor/rights';
import type { SlotProps } from '../slots';
import '../extras/extras.css';
import './history.css';

const PreviewPopup = lazy(() => import('../PreviewPopup'));

function VersionItem({ slug, version, canRestore }: { slug: string; version: VersionMeta; canRestore: boolean }) {
  const busy = useStore($versionBusy);
  const when = versionWhen(version);
  const who = versionWho(version);
  const mine = busy?.id === version.id;
  return (
    <li className={`hs-version${version.current ? ' is-current' : ''}`} data-version-id={version.id}>
      <div className="hs-version__top">
        <span className="badge">{kindLabel(version.kind)}</span>
        {version.current && <span className="badge badge-success">{t('historyView.current')}</span>}
        <time className="hs-version__when tabular" dateTime={version.created_at}>
          {when}
        </time>
      </div>
      <p className="hs-version__summary">{versionSummary(version)}</p>
      {who && (
        <p className="hs-version__who" title={version.actor_email || undefined}>
          {t('historyView.by', { name: who })}
        </p>
      )}
      <div className="hs-version__actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void openVersion(slug, version)}
          disabled={busy !== null}
          aria-haspopup="dialog"
          aria-label={t('historyView.openLabel', { when })}
        >
          {mine && busy.what === 'open' ? (
            <Loader2 size={14} aria-hidden="true" className="xs-spin" />
          ) : (
            <Eye size={14} aria-hidden="true" />
          )}
          {t('historyView.open')}
        </button>
        {canRestore && !version.current && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void restoreVersion(slug, version)}
            disabled={busy !== null}
            aria-label={t('historyView.restoreLabel', { when })}
          >
            {mine && busy.what === 'restore' ? (
              <Loader2 size={14} aria-hidden="true" className="xs-spin" />
            ) : (
              <RotateCcw size={14} aria-hidden="true" />
            )}
            {t('historyView.restore')}
          </button>
        )}
      </div>
    </li>
  );
}

export function HistoryPanel({ slug }: { slug: string }) {
  const headingId = useId();
  const history = useStore($history);
  const opened = useStore($openedVersion);
  const rights = useStore($rights);

  // every opening of the view reads the list afresh: a save since changed it
  useEffect(() => {
    void loadHistory(slug);
    return closeVersion;
  }, [slug]);

  const mine = history?.slug === slug ? history : null;
  const versions = mine?.versions ?? [];
  const loading = !mine || mine.status === 'loading';

  return (
    <section className="xs-view hs-view" aria-labelledby={headingId} aria-busy={loading} data-testid="history-view">
      <header className="xs-view-head spread">
        <div>
          <h2 id={headingId} className="xs-title">
            {t('historyView.tab')}
          </h2>
          <p className="hint">{t('historyView.intro')}</p>
        </div>
        <div className="xs-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void loadHistory(slug)}
            disabled={loading}
          >
            <RefreshCw size={14} aria-hidden="true" className={loading ? 'xs-spin' : undefined} />
            {t('stats.refresh')}
          </button>
        </div>
      </header>

      {mine?.status === 'error' && (
        <div className="alert alert-error xs-error" role="alert">
          <span>
            {t('historyView.loadFailed')} {mine.error}
          </span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadHistory(slug)}>
            {t('historyView.retry')}
          </button>
        </div>
      )}

      {loading && versions.length === 0 ? (
        <div className="hs-skeletons" aria-hidden="true">
          <div className="skeleton hs-skeleton" />
          <div className="skeleton hs-skeleton" />
        </div>
      ) : versions.length === 0 && mine?.status === 'ready' ? (
        <div className="xs-card xs-empty" data-testid="history-empty">
          <span className="xs-empty-icon" aria-hidden="true">
            <History size={28} />
          </span>
          <p className="hint">{t('historyView.empty')}</p>
        </div>
      ) : (
        <ol className={`hs-versions stack-list${loading ? ' is-stale' : ''}`}>
          {versions.map((v) => (
            <VersionItem key={v.id} slug={slug} version={v} canRestore={rights.write} />
          ))}
        </ol>
      )}

      <p className="hint xs-note">
        <Info size={14} aria-hidden="true" />
        {t('historyView.note')}
      </p>

      {opened && opened.slug === slug && (
        <Suspense fallback={null}>
          <PreviewPopup
            onClose={closeVersion}
            version={{
              page: opened.page,
              slug,
              title: t('historyView.previewTitle'),
              when: versionWhen(opened.version),
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The editor's historyView slot: the page in edit mode (its slug is always set there). */
export default function HistoryView({ slug }: SlotProps) {
  if (!slug) return null;
  return <HistoryPanel key={slug} slug={slug} />;
}
