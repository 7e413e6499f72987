// A CTA's ticket drop in the creator (docs/behaviour.md#ticket-drops-in-the-editor): 'In
// vendita dal' in Italian time with a button that empties it, and the availability ('In vendita',
// 'Ultimi biglietti', 'Sold out'), kept in step with the 'soldout' label by the draft's store.
import { X } from 'lucide-react';
import { Segmented } from '../../components/SelectField';
import { t } from '../../core/messages';
import { AVAILABILITIES } from '../../core/on-sale';
import { type CtaDraft, setCtaAvailability, setCtaOnSale } from '../../stores/editor/draft';
import './editor-drops.css';

export default function SaleFields({ cta, n }: { cta: CtaDraft; n: number }) {
  const id = `${cta.rowId}-onsale`;
  return (
    <div className="ed-sale">
      <div className="field ed-sale__when">
        <label className="label ed-small-label" htmlFor={id}>
          {t('drops.onSale.labelN', { n })}
        </label>
        <div className="ed-sale__row">
          <input
            id={id}
            type="datetime-local"
            className="input ed-sale__input"
            value={cta.onSaleAt}
            onChange={(e) => setCtaOnSale(cta.rowId, e.target.value)}
            aria-describedby={`${id}-hint`}
          />
          {cta.onSaleAt && (
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              onClick={() => {
                setCtaOnSale(cta.rowId, '');
                document.getElementById(id)?.focus();
              }}
              aria-label={t('drops.onSale.clear', { n })}
            >
              <X size={18} aria-hidden="true" />
            </button>
          )}
        </div>
        <p id={`${id}-hint`} className="hint ed-sale__hint">
          {t('drops.onSale.hint')}
        </p>
      </div>
      <div className="field ed-sale__availability">
        <span id={`${cta.rowId}-avail`} className="label ed-small-label">
          {t('drops.availability.legend', { n })}
        </span>
        <Segmented
          name={`${cta.rowId}-availability`}
          className="ed-seg ed-sale__seg"
          optionClassName="ed-seg__opt ed-sale__opt"
          inputClassName="visually-hidden"
          labelledBy={`${cta.rowId}-avail`}
          value={cta.availability}
          onChange={(availability) => setCtaAvailability(cta.rowId, availability)}
          options={AVAILABILITIES.map((a) => ({
            value: a,
            content: <span>{t(`drops.availability.${a}`)}</span>,
            className: `is-${a}`,
          }))}
        />
      </div>
    </div>
  );
}
