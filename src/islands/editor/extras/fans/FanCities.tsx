// The fans per city of the tour and the 'Città richieste' (cities fans typed that are not on the
// tour), as ranked rows with bars scaled to the city with most fans. The bars are drawing only:
// each row says its number in words.
import type { ReactNode } from 'react';
import { MapPin, MapPinPlus } from 'lucide-react';
import { t } from '../../../../core/messages';
import { type CityBar, cityBars, fansText, type FanSummary } from '../../../../stores/editor/fans';
import { BreakdownSection } from '../stats/Breakdown';

function CityRows({ rows, tone, testId }: { rows: readonly CityBar[]; tone: 'tour' | 'requested'; testId: string }) {
  return (
    <ol className="xs-rank" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.key} className="xs-rank-row" data-key={row.key}>
          <div className="xs-rank-top">
            <span className="xs-rank-label">
              <span className="xs-rank-text">{row.city}</span>
            </span>
            <span className="xs-rank-views tabular" data-fans={row.fans}>
              {fansText(row.fans)}
            </span>
          </div>
          <div className="xs-rank-bottom">
            <span className="xs-bar-track" aria-hidden="true">
              <span
                className={`xs-bar-fill${tone === 'requested' ? ' xs-fill-clicks' : ''}`}
                style={{ width: `${row.percent}%` }}
              />
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}

function CityCard({
  title,
  icon,
  intro,
  empty,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  intro: string;
  empty: string | null;
  children: ReactNode;
  testId: string;
}) {
  return (
    <BreakdownSection title={title} icon={icon} testId={testId}>
      <p className="hint xs-card-intro">{intro}</p>
      {empty ? <p className="hint">{empty}</p> : children}
    </BreakdownSection>
  );
}

export function FanCities({ summary }: { summary: FanSummary }) {
  return (
    <div className="xs-breakdowns">
      <CityCard
        title={t('fans.editor.cities.title')}
        icon={<MapPin size={16} aria-hidden="true" />}
        intro={t('fans.editor.cities.intro')}
        empty={summary.cities.length === 0 ? t('fans.editor.cities.none') : null}
        testId="fans-cities"
      >
        <CityRows rows={cityBars(summary.cities)} tone="tour" testId="fans-cities-list" />
      </CityCard>
      <CityCard
        title={t('fans.editor.requestedCities')}
        icon={<MapPinPlus size={16} aria-hidden="true" />}
        intro={t('fans.editor.requested.intro')}
        empty={summary.requested.length === 0 ? t('fans.editor.requested.none') : null}
        testId="fans-requested"
      >
        <CityRows rows={cityBars(summary.requested)} tone="requested" testId="fans-requested-list" />
      </CityCard>
    </div>
  );
}
