// Ranked lists with share bars: where visitors come from, on which devices, from which countries
// (a bar for the share of views, the clicks beside it, and for the sources the fan sign-ups each
// brought), and the clicks of each event or image
// button with, under an event with several links, each link's. The bars are drawing only: every
// figure they show is also in the row's text.
import { useId, useState, type ReactNode } from 'react';
import { CalendarDays, ImageIcon, Trash2 } from 'lucide-react';
import { t } from '../../../../core/messages';
import { ToggleButton } from '../../../../components/ToggleButton';
import {
  type BreakdownRow,
  type ButtonRow,
  barPercent,
  clicksText,
  formatShare,
  signupsText,
  viewsText,
} from '../../../../stores/editor/stats';

/** Rows shown before 'Mostra tutti'. */
const FIRST_ROWS = 6;

function Bar({ value, tone }: { value: number; tone: 'views' | 'clicks' | 'cta' }) {
  return (
    <span className="xs-bar-track" aria-hidden="true">
      <span className={`xs-bar-fill xs-fill-${tone}`} style={{ width: `${barPercent(value)}%` }} />
    </span>
  );
}

/** A card of ranked rows (sources, devices, countries, the fans' cities), named by its title. */
export function BreakdownSection({
  title,
  icon,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="xs-card xs-breakdown" aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId} className="xs-subtitle">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

export function BreakdownCard({
  title,
  icon,
  rows,
  testId,
  signups = false,
}: {
  title: string;
  icon: ReactNode;
  rows: readonly BreakdownRow[];
  testId: string;
  /** show each row's fan sign-ups beside its clicks (the sources: each one's conversions) */
  signups?: boolean;
}) {
  const listId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <BreakdownSection title={title} icon={icon} testId={testId}>
      {rows.length === 0 ? (
        <p className="hint">{t('stats.breakdown.none')}</p>
      ) : (
        <>
          <ol className="xs-rank" id={listId}>
            {shown.map((row) => (
              <li key={row.key} className="xs-rank-row" data-key={row.key}>
                <div className="xs-rank-top">
                  <span className="xs-rank-label">{row.label}</span>
                  <span className="xs-rank-views tabular" data-views={row.views}>
                    {viewsText(row.views)}
                    <span className="xs-rank-share">{formatShare(row.viewShare)}</span>
                  </span>
                </div>
                <div className="xs-rank-bottom">
                  <Bar value={row.viewShare} tone="views" />
                  <span className="xs-rank-clicks tabular" data-clicks={row.clicks}>
                    {clicksText(row.clicks)}
                  </span>
                  {signups && (
                    <span className="xs-rank-signups tabular" data-signups={row.signups}>
                      {signupsText(row.signups)}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ol>
          {rows.length > FIRST_ROWS && (
            <ToggleButton
              className="btn btn-ghost btn-sm xs-more"
              open={all}
              controls={listId}
              onClick={() => setAll(!all)}
            >
              {all ? t('stats.breakdown.less') : t('stats.breakdown.more', { count: rows.length })}
            </ToggleButton>
          )}
        </>
      )}
    </BreakdownSection>
  );
}

function ShareLine({ label, clicks, value, sub }: { label: ReactNode; clicks: number; value: number; sub?: boolean }) {
  return (
    <>
      <div className="xs-rank-top">
        <span className="xs-rank-label">{label}</span>
        <span className="xs-rank-views tabular" data-clicks={clicks}>
          {clicksText(clicks)}
          <span className="xs-rank-share" data-share={value.toFixed(1)}>
            {formatShare(value)}
          </span>
        </span>
      </div>
      <div className="xs-rank-bottom">
        <Bar value={value} tone={sub ? 'cta' : 'clicks'} />
      </div>
    </>
  );
}

export function ButtonsCard({
  rows,
  removed,
  removedShare,
  totalClicks,
}: {
  rows: readonly ButtonRow[];
  removed: number;
  removedShare: number;
  totalClicks: number;
}) {
  const headingId = useId();
  return (
    <section className="xs-card xs-breakdown xs-buttons" aria-labelledby={headingId} data-testid="stats-buttons">
      <h3 id={headingId} className="xs-subtitle">
        {t('stats.buttons.title')}
      </h3>
      {rows.length === 0 && removed === 0 ? (
        <p className="hint">{t('stats.buttons.none')}</p>
      ) : (
        <>
          <p className="hint xs-card-intro">
            {totalClicks === 0 ? t('stats.buttons.noClicks') : t('stats.buttons.intro')}
          </p>
          <ol className="xs-rank">
            {rows.map((row) => (
              <li key={row.id} className="xs-rank-row" data-button-id={row.id}>
                <ShareLine
                  clicks={row.clicks}
                  value={row.share}
                  label={
                    <>
                      <span className="xs-rank-pos num-dot tabular" aria-hidden="true">
                        {row.position}
                      </span>
                      {row.kind === 'image' ? (
                        <ImageIcon size={16} aria-hidden="true" className="xs-rank-kind" />
                      ) : (
                        <CalendarDays size={16} aria-hidden="true" className="xs-rank-kind" />
                      )}
                      <span className="xs-rank-text">{row.label}</span>
                    </>
                  }
                />
                {row.ctas.length > 0 && (
                  <ul className="xs-rank xs-rank-ctas">
                    {row.ctas.map((cta) => (
                      <li key={cta.index} className="xs-rank-row" data-cta={cta.index}>
                        <ShareLine
                          sub
                          clicks={cta.clicks}
                          value={cta.share}
                          label={<span className="xs-rank-text">{cta.label}</span>}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
            {removed > 0 && (
              <li className="xs-rank-row xs-rank-removed" data-button-id="removed">
                <ShareLine
                  clicks={removed}
                  value={removedShare}
                  label={
                    <>
                      <Trash2 size={16} aria-hidden="true" className="xs-rank-kind" />
                      <span className="xs-rank-text">{t('stats.buttons.removed')}</span>
                    </>
                  }
                />
              </li>
            )}
          </ol>
        </>
      )}
    </section>
  );
}
