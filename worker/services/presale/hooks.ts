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

/** A date's presale as its fans stand: the fans still waiting for a code (or for the e-mail), and the e-mails sent. */
export interface PresaleFanFigures {
  fans_waiting: number;
  emails_sent: number;
}

export async function presaleFanFigures(
  _env: Bindings,
  _pageId: number,
  _buttonId: number,
): Promise<PresaleFanFigures> {
  return { fans_waiting: 0, emails_sent: 0 };
}
