/**
 * Presales (docs/behaviour.md#presales): what the codes routes ask of the fans' side. Filled in by
 * the presale delivery (worker/services/fans/presale*.ts).
 */
import type { Bindings } from '../../env';

/**
 * After one-time codes are added to a date whose presale is open: the fans of its audience
 * without a code (those the codes-gone e-mail reached, and later confirmations) get one, once.
 */
export async function presaleCodesAdded(_env: Bindings, _pageId: number, _buttonId: number): Promise<void> {}

/** How many fans of the date's audience are waiting for a code (none sent yet). */
export async function presaleFansWaiting(_env: Bindings, _pageId: number, _buttonId: number): Promise<number> {
  return 0;
}
