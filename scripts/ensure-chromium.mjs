// The browser tests need Debian's Chromium. Install it when we can (root), otherwise stop
// with the exact command: the browser tests are never skipped silently.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const COMMAND = 'apt-get update && apt-get install -y chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log(`▶ ${CHROMIUM} is missing: ${COMMAND}`);
    execSync(COMMAND, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (existsSync(CHROMIUM)) return;
  }
  console.error(COMMAND);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
