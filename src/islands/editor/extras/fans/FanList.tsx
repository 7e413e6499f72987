// The page's fans, newest first (at most 200), searched by a piece of their address, each with
// the cities they follow, when they confirmed (or that they have not yet), and 'Rimuovi'.
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Trash2, UsersRound } from 'lucide-react';
import { SearchField } from '../../../../components/SearchField';
import { romeDateTime } from '../../../../core/fans-export';
import { t } from '../../../../core/messages';
import { formatNumber } from '../../../../lib/format';
import { $fanList, removeFan, searchFans } from '../../../../stores/editor/fans';

const SEARCH_DEBOUNCE_MS = 300;

export function FanList({ slug }: { slug: string }) {
  const headingId = useId();
  const searchId = useId();
  const list = useStore($fanList);
  const [query, setQuery] = useState('');
  const first = useRef(true);

  // the whole list at once, then the search a moment after the organiser stops typing
  useEffect(() => {
    const wait = first.current ? 0 : SEARCH_DEBOUNCE_MS;
    first.current = false;
    const timer = setTimeout(() => void searchFans(slug, query), wait);
    return () => clearTimeout(timer);
  }, [slug, query]);

  const mine = list?.slug === slug ? list : null;
  const fans = mine?.fans ?? [];
  // no fan at all: the view's empty state says where they come from
  if (mine && mine.status === 'ready' && mine.total === 0 && mine.query === '' && query.trim() === '') return null;

  return (
    <section
      className="xs-card"
      aria-labelledby={headingId}
      aria-busy={mine?.status === 'loading'}
      data-testid="fans-list"
    >
      <h3 id={headingId} className="xs-subtitle">
        <UsersRound size={16} aria-hidden="true" />
        {t('fans.editor.list.title')}
        {mine && <span className="badge tabular">{formatNumber(mine.total)}</span>}
      </h3>
      <SearchField
        id={searchId}
        label={t('fans.editor.list.search')}
        className="xs-fan-search"
        iconClassName="xs-fan-search-icon"
        inputMode="email"
        placeholder={t('fans.editor.list.searchPlaceholder')}
        value={query}
        maxLength={254}
        onChange={(e) => setQuery(e.target.value)}
      />
      {mine && mine.status !== 'loading' && fans.length === 0 ? (
        <p className="hint">{t('fans.editor.list.none')}</p>
      ) : (
        <ul className={`xs-fan-rows${mine?.status === 'loading' ? ' is-stale' : ''}`}>
          {fans.map((fan) => (
            <li key={fan.id} className="xs-fan-row" data-fan-id={fan.id}>
              <div className="xs-fan-who">
                <span className="xs-fan-email">
                  {/* a long address breaks after its '@' before anywhere else */}
                  {fan.email.split('@').map((part, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
                    <Fragment key={i}>
                      {i > 0 && (
                        <>
                          @<wbr />
                        </>
                      )}
                      {part}
                    </Fragment>
                  ))}
                </span>
                <span className="xs-fan-meta">
                  {fan.cities.join(', ')}
                  {' · '}
                  {fan.confirmed_at ? (
                    <span className="tabular">
                      {t('fans.editor.list.confirmedAt', { at: romeDateTime(fan.confirmed_at) })}
                    </span>
                  ) : (
                    <span className="badge badge-warning">{t('fans.editor.list.pending')}</span>
                  )}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm xs-fan-remove"
                onClick={() => void removeFan(slug, fan)}
                aria-label={t('fans.editor.list.removeLabel', { email: fan.email })}
              >
                <Trash2 size={14} aria-hidden="true" />
                {t('fans.editor.list.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {mine && mine.total > fans.length && fans.length > 0 && (
        <p className="hint">
          {t('fans.editor.list.more', { shown: formatNumber(fans.length), total: formatNumber(mine.total) })}
        </p>
      )}
    </section>
  );
}
