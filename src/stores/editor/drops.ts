/**
 * Ticket drops in the editor's list (docs/behaviour.md#ticket-drops-in-the-editor): each
 * event's badge ('In vendita dal 12/05 10:00', 'In vendita', 'Ultimi biglietti', 'Sold out') and
 * the one-tap change of its availability at the venue, saved alone with
 * `PATCH …/buttons/{id}`: the page is republished at once and the rest of the form is left as
 * it is (its unsaved changes stay unsaved).
 *
 *   $saleMenu    the key of the event whose availability choice is open, or null
 *   $saleSaving  true while a change is being saved
 */
import { atom } from 'nanostores';
import { t } from '../../core/messages';
import {
  AVAILABILITIES,
  type Availability,
  applySaleChange,
  availabilityOf,
  type SaleBadge,
  saleBadge,
} from '../../core/on-sale';
import { utcToRomeLocal } from '../../core/schedule';
import { errorText } from '../../lib/api';
import * as api from '../../lib/api-client';
import { $buttons, $editing, $loadedPage, type EditorTextButton, markButtonSaved } from './state';
import { $editingKey, $textDraft, setCtaAvailability } from './draft';
import { buttonFromReceived } from './load';
import { notify } from './notice';

export const $saleMenu = atom<string | null>(null);
export const $saleSaving = atom(false);

/** The badge of an event now: the state of the CTA a fan can do most with. */
export function badgeOf(button: Pick<EditorTextButton, 'ctaButtons'>, now: number = Date.now()): SaleBadge {
  return saleBadge(button.ctaButtons, now);
}

/** The badge's words: 'In vendita dal 12/05 10:00' (Europe/Rome), 'In vendita', 'Ultimi biglietti', 'Sold out'. */
export function badgeText(badge: SaleBadge): string {
  if (badge.state !== 'waiting') return t(`drops.badge.${badge.state}`);
  const m = /^\d{4}-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(badge.at ? utcToRomeLocal(badge.at) : '');
  return t('drops.badge.waiting', { when: m ? `${m[2]}/${m[1]} ${m[3]}` : '' });
}

/** The availability the choice shows as the event's: the best one among its CTAs. */
export function eventAvailability(button: Pick<EditorTextButton, 'ctaButtons'>): Availability {
  const all = button.ctaButtons.map(availabilityOf);
  return AVAILABILITIES.find((a) => all.includes(a)) ?? 'on_sale';
}

/** The event's name in the choice and its messages: 'Milano, 12/05/2027'. */
export function eventName(button: Pick<EditorTextButton, 'city' | 'data'>): string {
  return [button.city, button.data].filter(Boolean).join(', ');
}

/** The saved event of the list under this key (only a saved one can be changed alone). */
function savedEvent(key: string): (EditorTextButton & { id: number }) | null {
  const b = $buttons.get().find((x) => x.key === key);
  return b && b.type === 'text' && b.id !== undefined ? (b as EditorTextButton & { id: number }) : null;
}

/** Whether the event under this key can be changed from its badge: saved, on a saved page. */
export function canChangeAlone(key: string): boolean {
  return savedEvent(key) !== null && $editing.get() !== null;
}

export function openSaleMenu(key: string): void {
  if (canChangeAlone(key)) $saleMenu.set(key);
}

export function closeSaleMenu(): void {
  if (!$saleSaving.get()) $saleMenu.set(null);
}

/**
 * Saves one event's availability alone (every CTA of it, the 'soldout' label in step) and shows
 * it in the list, the creator (when it holds that event) and what counts as saved. True when saved.
 */
export async function setEventAvailability(key: string, availability: Availability): Promise<boolean> {
  const button = savedEvent(key);
  const slug = $editing.get()?.slug;
  if (!button || !slug || $saleSaving.get()) return false;
  $saleSaving.set(true);
  try {
    const answer = await api.setButtonSale(slug, button.id, { availability });
    // the list's own CTAs (maybe edited and unsaved) take the change; nothing else moves
    $buttons.set(
      $buttons
        .get()
        .map((b) =>
          b.key === key && b.type === 'text'
            ? { ...b, ctaButtons: b.ctaButtons.map((c) => applySaleChange(c, { availability })) }
            : b,
        ),
    );
    // what the server now holds counts as saved: the change is not one more thing to save
    const saved = buttonFromReceived(answer);
    if (saved.type === 'text') markButtonSaved(button.id, saved.ctaButtons);
    const page = $loadedPage.get();
    if (page) $loadedPage.set({ ...page, buttons: page.buttons.map((b) => (b.id === answer.id ? answer : b)) });
    if ($editingKey.get() === key) for (const row of $textDraft.get().ctas) setCtaAvailability(row.rowId, availability);
    $saleMenu.set(null);
    notify('success', t('drops.menu.saved', { event: eventName(button), state: t(`drops.badge.${availability}`) }));
    return true;
  } catch (err) {
    notify('error', errorText(err));
    return false;
  } finally {
    $saleSaving.set(false);
  }
}

// a page switch closes the choice
$editing.listen(() => $saleMenu.set(null));
