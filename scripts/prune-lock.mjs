// This workplace's npm registry lacks some other platforms' prebuilt binaries at the versions we
// pin (e.g. @cloudflare/workerd-darwin-64, @astrojs/compiler-binding-*). `npm install` then
// writes a lockfile naming optional dependencies it could not resolve, and `npm ci` refuses it
// ("Missing: … from lock file"). Run this after changing dependencies: it drops optional
// dependencies that have no entry of their own from package-lock.json, so `npm ci` works.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let removed = 0;
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) {
      delete entry.optionalDependencies[name];
      removed += 1;
    }
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`prune-lock: removed ${removed} unresolvable optional dependencies`);
