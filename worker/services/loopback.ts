/** Hosts that name this machine: the local stack (`npm start`, the tests) serves only on these. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True when the URL (or origin) points at this machine; false for anything else or a malformed URL. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');
}
