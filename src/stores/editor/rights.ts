// The signed-in account's rights inside the editor (src/core/team-rights.ts): read from the
// session's user (/users/me), so a role changed by a Titolare shows on the next load.
import { computed } from 'nanostores';
import { teamRights } from '../../core/team-rights';
import { $user } from '../session';

export const $rights = computed($user, (user) => teamRights(user));
