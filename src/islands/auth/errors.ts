// Turns an API failure into the sentence a form shows:
// fastapi-users codes map to the catalogue, other `detail` sentences are shown as they are,
// a network failure is 'Errore di connessione', anything else the screen's fallback.
import { t, type MessageKey } from '../../core/messages';
import { ApiError, detailOf } from '../../lib/api';

const CODES: Record<string, MessageKey> = {
  LOGIN_BAD_CREDENTIALS: 'error.badCredentials',
  LOGIN_USER_NOT_VERIFIED: 'error.unverified',
  REGISTER_USER_ALREADY_EXISTS: 'signup.userExists',
  REGISTER_INVALID_PASSWORD: 'validation.password.pattern',
  VERIFY_USER_BAD_TOKEN: 'error.verifyToken',
  VERIFY_USER_ALREADY_VERIFIED: 'login.alreadyVerified',
  RESET_PASSWORD_BAD_TOKEN: 'reset.badToken',
  RESET_PASSWORD_INVALID_PASSWORD: 'validation.password.pattern',
};

export interface ExplainedError {
  message: string;
  /** No server sentence and not a network failure: an unexpected answer (5xx, garbage). */
  unexpected: boolean;
}

export function explainError(err: unknown, fallback: MessageKey): ExplainedError {
  if (!(err instanceof ApiError)) return { message: t('error.connection'), unexpected: true };
  if (err.status === 0) return { message: t('error.connection'), unexpected: false };
  const { message, code } = detailOf(err.body);
  // {code, reason}: the server's reason is already a sentence for the user
  if (code && message && message !== code) return { message, unexpected: false };
  if (code && CODES[code]) return { message: t(CODES[code]), unexpected: false };
  if (err.status === 429 && !message) return { message: t('login.tooManyAttempts'), unexpected: false };
  if (message && !code) return { message, unexpected: false };
  return { message: t(fallback), unexpected: err.status >= 500 || !code };
}
