// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { copyFonts } from './scripts/copy-fonts.mjs';
import { writeSiteHeaders } from './scripts/site-headers.mjs';

export default defineConfig({
  output: 'static',
  // '/login' as login.html: no '/login/' redirect from Workers Static Assets.
  build: { format: 'file' },
  integrations: [
    react(),
    // Self-hosted fonts at stable /fonts/ paths before every build (scripts/copy-fonts.mjs).
    { name: 'palco-fonts', hooks: { 'astro:config:setup': async () => void (await copyFonts()) } },
    // Security headers for every built file (scripts/site-headers.mjs): the CSP hashes each inline
    // script of the output, plus the editor previews' scripts, the page's and the embed's (their
    // srcdoc iframes inherit the editor's CSP).
    {
      name: 'palco-headers',
      hooks: {
        'astro:build:done': async ({ dir, logger }) => {
          /** @type {{ module: { LANDING_SCRIPT: string, EMBED_SCRIPT: string } }} */
          const { module } = await runnerImport(fileURLToPath(new URL('./src/landing/script.ts', import.meta.url)), {
            configFile: false,
            logLevel: 'silent',
          });
          writeSiteHeaders(fileURLToPath(dir), [module.LANDING_SCRIPT, module.EMBED_SCRIPT]);
          logger.info("_headers written (CSP with the inline scripts' hashes)");
        },
      },
    },
  ],
  telemetry: false,
  devToolbar: { enabled: false },
});
