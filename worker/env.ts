import type { User } from '../src/core/schemas/user';

/** Bindings of wrangler.toml plus the secrets from .dev.vars / `wrangler secret put`. */
export interface Bindings {
  DB: D1Database;
  BUCKET: R2Bucket;
  ASSETS: Fetcher;
  JWT_SECRET: string;
  /** Public origin used in e-mail links, e.g. http://localhost:8787. Falls back to the request's. */
  APP_URL?: string;
  PROVIDER_URL: string;
  TERMS_URL: string;
  PRIVACY_URL: string;
  MAILER: string;
  MAIL_FROM: string;
  RESEND_API_KEY?: string;
}

/** The user loaded from D1 on every authenticated request (role and status never from the token). */
export interface AuthUser extends User {
  token_version: number;
}

export interface Variables {
  user: AuthUser;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
