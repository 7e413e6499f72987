/**
 * The e-mail provider's webhook (docs/api.md#fans): Resend signs every event the Svix way.
 * Headers svix-id, svix-timestamp (Unix seconds) and svix-signature (space-separated
 * `v1,<base64 HMAC-SHA256>` entries, several while a secret is being rotated) over
 * `${id}.${timestamp}.${body}`, keyed with the base64 secret after its `whsec_` prefix.
 * A timestamp more than 5 minutes away from now is refused (a replayed event). Web Crypto's
 * verify compares in constant time.
 */
import { z } from 'zod';
import { normaliseEmail } from '../../../src/core/fans';

/** How far a signed timestamp may be from now, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const encoder = new TextEncoder();

function base64Bytes(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** The HMAC key of a 'whsec_…' secret, or null when the secret is not one. */
export async function webhookKey(secret: string | undefined): Promise<CryptoKey | null> {
  const value = secret?.trim() ?? '';
  if (!value.startsWith('whsec_')) return null;
  const raw = base64Bytes(value.slice('whsec_'.length));
  if (!raw || raw.length < 16) return null;
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export interface SignedHeaders {
  id: string | null;
  timestamp: string | null;
  signature: string | null;
}

/** Whether the body was signed with the key at a timestamp within the tolerance of `nowMs`. */
export async function verifyWebhook(
  key: CryptoKey,
  headers: SignedHeaders,
  body: string,
  nowMs: number = Date.now(),
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || id.length > 200 || signature.length > 2000) return false;
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const signed = encoder.encode(`${id}.${timestamp}.${body}`);
  for (const entry of signature.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const mac = base64Bytes(value);
    if (mac && mac.length === 32 && (await crypto.subtle.verify('HMAC', key, mac, signed))) return true;
  }
  return false;
}

/** The events that suppress an address, and the reason stored. */
const SUPPRESSING: Readonly<Record<string, 'bounced' | 'complained'>> = {
  'email.bounced': 'bounced',
  'email.complained': 'complained',
};

/** A provider's event, as far as it matters here (the webhook's route describes its body with it). */
export const webhookEventSchema = z.object({
  type: z.string().max(100),
  data: z
    .object({ to: z.union([z.string().max(1000), z.array(z.string().max(1000)).max(100)]).optional() })
    .passthrough()
    .optional(),
});

/** What an event asks for: addresses to suppress (none for the events we ignore), or null for a body that is no event. */
export function suppressionOf(json: unknown): { reason: 'bounced' | 'complained' | null; emails: string[] } | null {
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) return null;
  const reason = SUPPRESSING[parsed.data.type] ?? null;
  if (!reason) return { reason: null, emails: [] };
  const to = parsed.data.data?.to;
  const list = to === undefined ? [] : Array.isArray(to) ? to : [to];
  // an address may come as 'Name <a@b.it>': the part in angle brackets
  const addresses = list.map((a) => normaliseEmail(/<([^<>\s]+)>\s*$/.exec(a)?.[1] ?? a));
  return { reason, emails: [...new Set(addresses.filter((e) => e.includes('@')))] };
}
