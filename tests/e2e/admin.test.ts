// The screens that show figures of the whole database (the pending count in the navigation bar,
// Gestione Utenti's lists and totals, 10,000 seeded users): every other e2e file registers users
// and makes pages while these run, so they run here, one after another, against a server of
// their own (the e2e-admin project in vitest.config.ts, docs/operations.md#tests).
import './admin/navbar';
import './admin/users-desktop';
import './admin/users-phone';
import './admin/users-scale';
