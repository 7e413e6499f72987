import type { User } from '../src/core/schemas/user';

/** Bindings of wrangler.toml plus the secrets from .dev.vars / `wrangler secret put`. */
export interface Bindings {
  DB: D1Database;
  BUCKET: R2Bucket;
  ASSETS: Fetcher;
  /** views and clicks on their way to D1 (services/counting.ts → db/stats-write.ts) */
  COUNTS: Queue;
  /** fan alerts on their way to the e-mail provider, 100 fans a message (services/fan-delivery.ts) */
  FANS: Queue;
  JWT_SECRET: string;
  /** Public origin used in e-mail links, e.g. http://localhost:8787. Falls back to the request's. */
  APP_URL?: string;
  PROVIDER_URL: string;
  TERMS_URL: string;
  PRIVACY_URL: string;
  /**
   * 'resend' (the default when unset) or 'console' (local only: `npm start` sets it in .dev.vars;
   * refused outside loopback hosts).
   */
  MAILER?: string;
  MAIL_FROM: string;
  RESEND_API_KEY?: string;
  /** the signing secret of the provider's webhook ('whsec_…'); unset: the webhook refuses everything */
  RESEND_WEBHOOK_SECRET?: string;
}

/** The user loaded from D1 on every authenticated request (role and status never from the token). */
export interface AuthUser extends User {
  token_version: number;
  /** the key every company comparison uses (src/core/company.ts); null: no company */
  company_key: string | null;
}

export interface Variables {
  user: AuthUser;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
