// The consent line of each version (docs/behaviour.md#signing-up): the line that names the on-sale
// e-mails is the current one; fans who agreed to the older line keep its words in the export.
import { describe, expect, it } from 'vitest';
import { FAN_CONSENT_VERSION, FAN_CONSENT_VERSION_NEW_DATES, FAN_SALE_CONSENT_VERSION } from '../../src/core/fans';
import { consentText } from '../../src/core/fans-export';

const page = { company: 'Alfa Live', title: 'Il Tour' };

describe('consent versions', () => {
  it('the current line names the on-sale e-mails; the older one only the new dates', () => {
    expect(FAN_CONSENT_VERSION >= FAN_SALE_CONSENT_VERSION).toBe(true);
    expect(FAN_CONSENT_VERSION_NEW_DATES < FAN_SALE_CONSENT_VERSION).toBe(true);
    expect(consentText(FAN_CONSENT_VERSION, page)).toContain('sull’apertura delle vendite');
    const older = consentText(FAN_CONSENT_VERSION_NEW_DATES, page);
    expect(older).toContain('email sulle nuove date di Il Tour. Puoi annullare');
    expect(older).toContain(`(versione ${FAN_CONSENT_VERSION_NEW_DATES})`);
  });
});
