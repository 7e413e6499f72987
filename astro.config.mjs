// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  // '/login' as login.html: no '/login/' redirect from Workers Static Assets.
  build: { format: 'file' },
  integrations: [react()],
  telemetry: false,
  devToolbar: { enabled: false },
});
