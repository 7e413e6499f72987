/**
 * Which addresses the Worker may read for a ticket import (docs/behaviour.md#reading-a-ticket-page-safely).
 * One pure rule, checked for the first address and again for every redirect.
 *
 * A Worker cannot look a name up before it connects, so the rule is on the address as written:
 * `https` on the standard port, a public name with a dot, never an IP literal (a ticket site has
 * a name; refusing every literal also refuses every private, loopback, link-local, shared,
 * metadata and mapped form, however it is spelt), never a name kept for local networks, never
 * Palco itself. The WHATWG URL parser has already turned '0x7f000001', '2130706433' and '10.1'
 * into dotted IPv4, so those are literals too.
 */
import { t } from './messages';

export interface AddressRules {
  /** the local trial: http and loopback hosts allowed too (never in production) */
  local: boolean;
  /** Palco's own origins (APP_URL's, the request's): never read */
  ownOrigin: string | readonly string[];
}

/** Hosts that name this machine: allowed in the local trial only. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Names that never reach a public site: this machine, local networks, cloud metadata. */
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'home.arpa',
  'localdomain',
];

function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host);
}

function isLocalName(host: string): boolean {
  if (!host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.replace(/\.$/, '').replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The port an address reaches, written or implied by its scheme. */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * A loopback address on the port Palco itself serves on this machine, by any loopback name and
 * either scheme ('https://127.0.0.1:8787' is still Palco's port).
 */
function isOwnLoopback(origin: string, url: URL): boolean {
  try {
    const own = new URL(origin);
    return LOOPBACK.has(own.hostname) && portOf(own) === portOf(url);
  } catch {
    return false;
  }
}

/** Why the address may not be read (an Italian reason), or null when it may. */
export function ticketAddressProblem(url: string, rules: AddressRules): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return t('ticketImport.address.invalid');
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const loopback = rules.local && LOOPBACK.has(host);
  if (parsed.protocol !== 'https:' && !(loopback && parsed.protocol === 'http:')) {
    return parsed.protocol === 'http:' ? t('ticketImport.address.https') : t('ticketImport.address.invalid');
  }
  if (parsed.username || parsed.password) return t('ticketImport.address.credentials');
  const owns = Array.isArray(rules.ownOrigin) ? rules.ownOrigin : [rules.ownOrigin];
  if (loopback) return owns.some((o) => isOwnLoopback(o, parsed)) ? t('ticketImport.address.own') : null;
  if (!host) return t('ticketImport.address.invalid');
  if (isIpLiteral(host)) return t('ticketImport.address.ip');
  if (isLocalName(host)) return t('ticketImport.address.private');
  // the standard port only: a ticket site needs no other, and a port scan gets nothing
  if (parsed.port && parsed.port !== '443') return t('ticketImport.address.port');
  if (owns.map(hostOf).includes(host.replace(/^www\./, ''))) return t('ticketImport.address.own');
  return null;
}
