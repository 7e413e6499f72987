// An event's ticket-drop badge in the button list, and the availability choice one tap on it
// opens (docs/behaviour.md#ticket-drops-in-the-editor): at the venue, on a phone, a date is
// marked 'Sold out' (or 'Ultimi biglietti', or back 'In vendita') and saved alone, the page
// republished at once, the rest of the form untouched. The choice is a modal dialog: it sits in
// the browser's top layer, above the sticky save bar, traps the focus and gives it back.
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { Check } from 'lucide-react';
import { CloseButton } from '../../components/CloseButton';
import { Modal } from '../../components/Modal';
import { t } from '../../core/messages';
import { AVAILABILITIES } from '../../core/on-sale';
import { $buttons, $editing, type EditorTextButton } from '../../stores/editor/state';
import {
  $saleMenu,
  $saleSaving,
  badgeOf,
  badgeText,
  closeSaleMenu,
  eventAvailability,
  eventName,
  openSaleMenu,
  setEventAvailability,
} from '../../stores/editor/drops';
import './editor-drops.css';

/** The badge of one event: a button that opens the choice when the event is saved. */
export function SaleBadge({ button }: { button: EditorTextButton }) {
  const editing = useStore($editing);
  const badge = badgeOf(button);
  const text = badgeText(badge);
  const className = `ed-sale-badge is-${badge.state}`;
  if (button.id === undefined || !editing) {
    return (
      <span className={className} data-testid="sale-badge" title={t('drops.badge.unsaved', { state: text })}>
        {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`${className} is-action`}
      data-testid="sale-badge"
      aria-haspopup="dialog"
      aria-label={t('drops.badge.open', { state: text, event: eventName(button) })}
      onClick={() => openSaleMenu(button.key)}
    >
      <span className="ed-sale-badge__pill">{text}</span>
    </button>
  );
}

/** The availability choice of the event whose badge was tapped (one per list). */
export function SaleMenu() {
  const key = useStore($saleMenu);
  const saving = useStore($saleSaving);
  const buttons = useStore($buttons);
  const id = useId();
  const button = buttons.find((b): b is EditorTextButton => b.key === key && b.type === 'text');
  const current = button ? eventAvailability(button) : null;
  return (
    <Modal
      open={Boolean(button)}
      onClose={closeSaleMenu}
      labelledBy={`${id}-title`}
      describedBy={`${id}-hint`}
      className="confirm-dialog ed-sale-menu"
      dismissable={!saving}
    >
      {button && (
        <div className="ed-sale-menu__body">
          <header className="ed-sale-menu__head">
            <h2 id={`${id}-title`} className="ed-sale-menu__title">
              {t('drops.menu.title')}
              <span className="ed-sale-menu__event">{eventName(button)}</span>
            </h2>
            <CloseButton label={t('drops.menu.cancel')} onClick={closeSaleMenu} />
          </header>
          <p id={`${id}-hint`} className="hint ed-sale-menu__hint">
            {t('drops.menu.hint', { event: eventName(button) })}
          </p>
          <ul className="ed-sale-menu__list stack stack-list">
            {AVAILABILITIES.map((a) => (
              <li key={a}>
                <button
                  type="button"
                  className={`ed-sale-menu__opt is-${a}`}
                  aria-pressed={current === a}
                  disabled={saving}
                  data-autofocus={current === a || undefined}
                  onClick={() => void setEventAvailability(button.key, a)}
                >
                  <span className="ed-sale-menu__dot" aria-hidden="true" />
                  {t(`drops.availability.${a}`)}
                  {current === a && <Check size={18} aria-hidden="true" className="ed-sale-menu__check" />}
                </button>
              </li>
            ))}
          </ul>
          <p className="ed-sale-menu__status" role="status">
            {saving ? t('drops.menu.saving') : ''}
          </p>
        </div>
      )}
    </Modal>
  );
}
