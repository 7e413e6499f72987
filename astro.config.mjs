// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { copyFonts } from './scripts/copy-fonts.mjs';

export default defineConfig({
  output: 'static',
  // '/login' as login.html: no '/login/' redirect from Workers Static Assets.
  build: { format: 'file' },
  integrations: [
    react(),
    // Self-hosted fonts at stable /fonts/ paths before every build (scripts/copy-fonts.mjs).
    { name: 'palco-fonts', hooks: { 'astro:config:setup': async () => void (await copyFonts()) } },
  ],
  telemetry: false,
  devToolbar: { enabled: false },
});
