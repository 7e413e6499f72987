// The browser tests need Debian's Chromium. Install it when we can (root), otherwise stop
// with the exact command: the browser tests are never skipped silently.
//
// They run on Debian's 'old headless shell' of the same Chromium (the chromium-headless-shell
// package, the build Playwright itself uses for headless runs) when it is there: the same
// engine without the desktop browser around it, about a third less CPU for the same tests
// (docs/operations.md#tests). As root it is installed beside Chromium; where it cannot be, the
// tests run on /usr/bin/chromium and say so.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
const SHELL = '/usr/lib/chromium/chromium-headless-shell';
const COMMAND = 'apt-get update && apt-get install -y chromium';
const SHELL_PACKAGE = 'chromium-headless-shell';

/** The browser the e2e tests launch: CHROMIUM_PATH if set, else the headless shell when installed, else Chromium. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(SHELL) ? SHELL : CHROMIUM;
}

function apt(command) {
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Installs the headless shell beside Chromium (root only); false when it could not. */
function installShell() {
  if (process.getuid?.() !== 0) return false;
  console.log(`▶ ${SHELL} is missing: apt-get install -y ${SHELL_PACKAGE}`);
  for (const command of [
    `apt-get install -y ${SHELL_PACKAGE}`,
    `apt-get update && apt-get install -y ${SHELL_PACKAGE}`,
  ]) {
    try {
      apt(command);
      if (existsSync(SHELL)) return true;
    } catch {
      // the package lists may be stale on a fresh machine: the second command refreshes them
    }
  }
  return false;
}

/** Makes sure the browser exists (see above) and returns the path the tests should launch. */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    if (process.getuid?.() !== 0) {
      console.error(COMMAND);
      process.exit(1);
    }
    console.log(`▶ ${CHROMIUM} is missing: ${COMMAND}`);
    apt(COMMAND);
    if (!existsSync(CHROMIUM)) {
      console.error(COMMAND);
      process.exit(1);
    }
  }
  if (existsSync(SHELL) || installShell()) return SHELL;
  console.log(
    `▶ The browser tests run on ${CHROMIUM}. With Debian's headless shell they take about a third less CPU: apt-get install -y ${SHELL_PACKAGE}`,
  );
  return CHROMIUM;
}
