import { useCallback, useEffect, useId, useState } from 'react';
import { Eye, MousePointerClick, LayoutList, RefreshCw, ImageIcon, CalendarDays } from 'lucide-react';
import { t } from '../../../core/messages';
import { notify } from '../../../stores/editor-notice';
import { computeStats, formatCount, formatShare, type PageStats } from '../../../stores/editor-extras';
import { fetchPage } from '../../../stores/editor-pages';
import type { SlotProps } from '../slots';
import './extras.css';

type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; stats: PageStats; at: Date; refreshing: boolean };

function clicksText(n: number): string {
  return n === 1 ? t('extras.stats.oneClick') : t('extras.stats.clicksOf', { count: formatCount(n) });
}

/** The statistics view of one saved page: totals, then each button's clicks and share. */
export function StatsPanel({ slug }: { slug: string }) {
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const read = useCallback(
    async (announce: boolean) => {
      setLoad((prev) => (prev.state === 'ready' ? { ...prev, refreshing: true } : { state: 'loading' }));
      try {
        const page = await fetchPage(slug);
        setLoad({ state: 'ready', stats: computeStats(page), at: new Date(), refreshing: false });
        if (announce) notify('success', t('success.statsUpdated'));
      } catch {
        notify('error', t('error.statsLoad'));
        setLoad((prev) => (prev.state === 'ready' ? { ...prev, refreshing: false } : { state: 'error' }));
      }
    },
    [slug],
  );

  useEffect(() => {
    void read(false);
  }, [read]);

  const refreshing = load.state === 'loading' || (load.state === 'ready' && load.refreshing);

  return (
    <section className="xs-view" aria-labelledby={headingId} data-testid="stats-view">
      <header className="xs-view-head">
        <div>
          <h2 id={headingId} className="xs-title">
            {t('extras.stats.title')}
          </h2>
          {load.state === 'ready' && (
            <p className="hint tabular">
              {t('extras.stats.updatedAt', {
                time: load.at.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
              })}
            </p>
          )}
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void read(true)}
          disabled={refreshing}
          aria-busy={refreshing}
        >
          <RefreshCw size={14} aria-hidden="true" className={refreshing ? 'xs-spin' : undefined} />
          {t('extras.stats.refresh')}
        </button>
      </header>

      {load.state === 'error' && (
        <div className="alert alert-error xs-error" role="alert">
          <span>{t('error.statsLoad')}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void read(false)}>
            {t('extras.stats.retry')}
          </button>
        </div>
      )}

      <div className="xs-kpis">
        {(
          [
            ['views', Eye, 'extras.stats.views'],
            ['clicks', MousePointerClick, 'extras.stats.clicks'],
            ['buttons', LayoutList, 'extras.stats.buttons'],
          ] as const
        ).map(([key, Icon, label]) => (
          <div className="xs-kpi" key={key} data-kpi={key}>
            <span className="xs-kpi-icon" aria-hidden="true">
              <Icon size={18} />
            </span>
            <span className="xs-kpi-label">{t(label)}</span>
            {load.state === 'ready' ? (
              <strong className="xs-kpi-value tabular">
                {formatCount(
                  key === 'views' ? load.stats.views : key === 'clicks' ? load.stats.clicks : load.stats.buttonCount,
                )}
              </strong>
            ) : (
              <span className="skeleton xs-kpi-skeleton" aria-hidden="true" />
            )}
          </div>
        ))}
      </div>

      <div className="xs-card">
        <h3 className="xs-subtitle">{t('extras.stats.perButton')}</h3>
        {load.state === 'loading' && (
          <div className="xs-bars" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <span key={i} className="skeleton xs-bar-skeleton" />
            ))}
          </div>
        )}
        {load.state === 'ready' && load.stats.buttonCount === 0 && <p className="hint">{t('extras.stats.empty')}</p>}
        {load.state === 'ready' && load.stats.buttonCount > 0 && (
          <>
            {load.stats.clicks === 0 && <p className="hint xs-nudge">{t('extras.stats.noClicks')}</p>}
            <ol className="xs-bars">
              {load.stats.buttons.map((b) => (
                <li key={b.id} className="xs-bar-row" data-button-id={b.id}>
                  <div className="xs-bar-top">
                    <span className="xs-bar-pos num-dot tabular" aria-hidden="true">
                      {b.position}
                    </span>
                    {b.type === 'image' ? (
                      <ImageIcon size={16} aria-hidden="true" className="xs-bar-kind" />
                    ) : (
                      <CalendarDays size={16} aria-hidden="true" className="xs-bar-kind" />
                    )}
                    <span className="xs-bar-label">{b.label}</span>
                    <span className="xs-bar-clicks tabular" data-clicks={b.clicks}>
                      {clicksText(b.clicks)}
                    </span>
                  </div>
                  <div className="xs-bar-bottom">
                    {/* biome-ignore lint/a11y/useSemanticElements: a bar drawn in the page's own colours, which a native <meter> cannot take in every browser */}
                    <div
                      className="xs-bar-track"
                      role="meter"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(b.share * 10) / 10}
                      aria-valuetext={t('extras.stats.share', { percent: formatShare(b.share) })}
                      aria-label={b.label}
                    >
                      <span className="xs-bar-fill" style={{ width: `${b.bar}%` }} />
                    </div>
                    <span className="xs-bar-share tabular" data-share={b.share.toFixed(1)}>
                      {formatShare(b.share)}
                    </span>
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}

/** The editor's statsView slot: the page in edit mode (its slug is always set there). */
export default function StatsView({ slug }: SlotProps) {
  if (!slug) return null;
  return <StatsPanel key={slug} slug={slug} />;
}
