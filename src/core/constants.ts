/** Business constants (limits, lengths, lifetimes, timings), shared by the site and the Worker. */
export const AUTH_TOKEN_KEY = 'auth_token';
export const USER_DATA_KEY = 'auth_user';

export const LOGIN_PASSWORD_MIN = 6;
export const REGISTER_PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const COMPANY_MIN = 2;

export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_MAX_WIDTH_PX = 350;
export const PUBLIC_ERROR_REDIRECT_MS = 2000;
export const COMPANY_AUTOCOMPLETE_CLOSE_MS = 200;
export const DUPLICATE_CHECK_DEBOUNCE_MS = 500;
export const PENDING_REFRESH_MS = 30_000;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;

export const DEFAULT_COMPANY = 'Palco';
export const DEFAULT_CTA_LABEL = 'biglietti';
export const DEFAULT_PUBLIC_BUTTON_TEXT = 'BIGLIETTI';

/** Lifetimes of the tokens (seconds). */
export const ACCESS_TOKEN_TTL_S = 60 * 60 * 24 * 7;
export const VERIFY_TOKEN_TTL_S = 60 * 60 * 48;
export const RESET_TOKEN_TTL_S = 60 * 60;

/** Login failures allowed per account in the window before 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_S = 15 * 60;

/**
 * Footer links of the published page when the Worker's PROVIDER_URL / TERMS_URL / PRIVACY_URL
 * are unset; the editor's preview (a static site, without the Worker's vars) always uses them.
 */
export const DEFAULT_FOOTER_LINKS = { provider: '/about', terms: '/terms', privacy: '/privacy' } as const;

export const PREVIEW_WIDTHS = {
  desktop: 450,
  phones: [375, 414, 390, 428, 360, 411, 360, 344],
} as const;

/** The two ticket hosts whose links get tracking parameters (docs/behaviour.md#links-and-urls). */
export const TICKET_HOSTS = ['ticketone.it', 'vivaticket.com'] as const;

/** Days a page stays in the trash before the hourly job deletes it for ever (docs/behaviour.md#trash). */
export const TRASH_DAYS = 30;
