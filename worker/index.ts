import { createApp } from './app';
import type { Bindings } from './env';
import { runMaintenance } from './services/maintenance';

const app = createApp();

export default {
  fetch: app.fetch,
  /** The Cron Trigger of wrangler.toml: housekeeping (worker/services/maintenance.ts). */
  async scheduled(controller, env, _ctx) {
    const results = await runMaintenance(env, new Date(controller.scheduledTime));
    const failed = results.filter((r) => !r.ok).map((r) => r.name);
    // every step has run; failing the invocation marks it failed in the Cron Events log
    if (failed.length > 0) throw new Error(`maintenance steps failed: ${failed.join(', ')}`);
  },
} satisfies ExportedHandler<Bindings>;
