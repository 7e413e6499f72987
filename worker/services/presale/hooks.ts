/**
 * Presales (docs/behaviour.md#presales): what the codes routes ask of the fans' side, answered by
 * the presale e-mails (worker/services/fans/presale-fans.ts).
 */
import type { Bindings } from '../../env';
import { codesAdded, fanFigures } from '../fans/presale-fans';

/**
 * After one-time codes are added to a date whose presale is open: the fans of its audience
 * without a code (those the codes-gone e-mail reached, oldest first, then later confirmations)
 * get one, once, in an e-mail queued now. A presale that waited for its first codes starts.
 */
export async function presaleCodesAdded(env: Bindings, pageId: number, buttonId: number): Promise<void> {
  await codesAdded(env, pageId, buttonId);
}

/** A date's presale as its fans stand: the fans still waiting for a code (or for the e-mail), and the e-mails sent. */
export interface PresaleFanFigures {
  fans_waiting: number;
  emails_sent: number;
}

export async function presaleFanFigures(env: Bindings, pageId: number, buttonId: number): Promise<PresaleFanFigures> {
  return fanFigures(env, pageId, buttonId);
}
