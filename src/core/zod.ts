/**
 * zod as every module of the project uses it: without its eval-compiled fast path. The site's
 * Content-Security-Policy forbids eval, and zod's probe for it (a `new Function` it catches) is
 * still reported as a policy violation; workerd refuses eval as well. Import `z` from here, not
 * from 'zod', so the setting is in place before any schema is built.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
