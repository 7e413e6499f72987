// Helpers for the editor's fan view tests (editor-fans*.test.ts): an alert and a summary as the
// Worker answers them, changed where a test says.
import type { FanAlert, FanSummary } from '../../src/core/schemas/fans';
import type { User } from '../../src/core/schemas/user';
import { testUser } from './user-fixture';

export function alert(patch: Partial<FanAlert> = {}): FanAlert {
  return {
    id: 1,
    kind: 'new_date',
    status: 'scheduled',
    due_at: '2027-05-12T08:42:00Z',
    held_until: null,
    waits_for_codes: false,
    created_at: '2027-05-12T08:32:00Z',
    finished_at: null,
    cities: ['Milano'],
    events: [{ button_id: 3, date: '20/05/2027', city: 'Milano', venue: 'Alcatraz' }],
    recipients: 2,
    sent: 0,
    failed: 0,
    ...patch,
  };
}

export function summary(patch: Partial<FanSummary> = {}): FanSummary {
  return {
    total: 0,
    pending: 0,
    all_dates: 0,
    cities: [],
    requested: [],
    daily: [{ date: '2027-05-12', signups: 0 }],
    alerts: [],
    ...patch,
  };
}

/** A company's Titolare as /users/me answers it: may act on alerts and see the fans' addresses. */
export const ownerUser: User = testUser({
  id: 7,
  email: 'titolare@example.com',
  full_name: 'Titolare',
  company: 'Band Test',
});
