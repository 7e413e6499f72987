import type { User } from '../src/core/schemas/user';
import type { CountMessage } from './services/counting';
import type { FanMessage } from './services/fans/delivery';

/**
 * What the Worker is given: the bindings and vars wrangler.toml declares, as `npm run types`
 * generates them into worker/worker-configuration.d.ts (`npm run lint` fails when that file
 * is behind wrangler.toml), with the queues' message types, plus the secrets, which
 * wrangler.toml does not name: .dev.vars locally, `wrangler secret put` in production
 * (docs/operations.md#deploy).
 */
export interface Bindings extends Omit<WranglerEnv, 'COUNTS' | 'FANS'> {
  /** views and clicks on their way to D1 (services/counting.ts → db/stats-write.ts) */
  COUNTS: Queue<CountMessage>;
  /** fan alerts on their way to the e-mail provider, 100 fans a message (services/fans/delivery.ts) */
  FANS: Queue<FanMessage>;
  /** signs the session and e-mail tokens */
  JWT_SECRET: string;
  /** Public origin used in e-mail links, e.g. http://localhost:8787. Falls back to the request's. */
  APP_URL?: string;
  /**
   * 'resend' (the default when unset) or 'console' (local only: `npm start` sets it in .dev.vars;
   * refused outside loopback hosts).
   */
  MAILER?: string;
  /**
   * 'test' (the tests only: vitest.config.ts, tests/e2e/global-setup.ts) hashes passwords at a cheap
   * scrypt cost, honoured only where the console mailer is; unset or anything else: the normal cost
   * (worker/services/passwords.ts). Never set in wrangler.toml or a deployment.
   */
  PASSWORD_COST?: string;
  /**
   * 'off': no sizes are made of the pages' photos (docs/behaviour.md#image-sizes): for an account
   * without Cloudflare Images (no failed attempt at every upload, no hourly retries), and for the
   * browser tests' servers (tests/e2e/global-setup.ts). Unset or anything else: sizes are made.
   */
  IMAGE_SIZES?: string;
  /** the e-mail provider's API key, which the default mailer needs (worker/services/mail.ts) */
  RESEND_API_KEY?: string;
  /** the signing secret of the provider's webhook ('whsec_…'); unset: the webhook refuses everything */
  RESEND_WEBHOOK_SECRET?: string;
}

/** A message either queue's consumer may be handed (each consumer checks its body again). */
export type QueueMessage = CountMessage | FanMessage;

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
