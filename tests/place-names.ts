// Typed cities the sign-up takes as place names (docs/behaviour.md#signing-up): the rule's own
// test (tests/unit/fans-address.test.ts) and the Worker's answers to it
// (tests/worker/fans-signup-abuse.test.ts) read the same list.
import { FAN_CITY_MAX } from '../src/core/fans';

export const PLACE_NAMES: readonly string[] = [
  "Reggio nell'Emilia",
  'Sankt Pölten',
  'Łódź',
  '東京',
  'Aix-en-Provence',
  'L’Aquila',
  'x'.repeat(FAN_CITY_MAX),
];
