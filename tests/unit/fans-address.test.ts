// The sign-up's address and typed-city rules, as pure functions (docs/behaviour.md#signing-up);
// the Worker's answers to them are in tests/worker/fans-signup-abuse.test.ts.
import { describe, expect, it } from 'vitest';
import { FAN_CITY_MAX, fanAddress, isPlaceName, mailboxKey } from '../../src/core/fans';
import { PLACE_NAMES } from '../place-names';

describe('fanAddress', () => {
  it.each([
    ['a@EXAMPLE.IT', 'a@example.it'],
    [' A.B@x.it ', 'a.b@x.it'],
    ['a@ÉXAMPLE.it', 'a@xn--xample-9ua.it'],
    ['a@faß.de', 'a@xn--fa-hia.de'],
    ['t+tag@x.it', 't+tag@x.it'],
  ])('%j → %j', (typed, stored) => {
    expect(fanAddress(typed)).toBe(stored);
  });

  it.each([
    'n1<t@x.it>',
    '"a b"@x.it',
    'a(c)@x.it',
    'a @x.it',
    'a@x.it\n',
    '\ta@x.it',
    'Ä@x.it',
    'a@x',
    'a@127.0.0.1',
    'a@x.it:25',
    'a@x..it',
    `${'a'.repeat(65)}@x.it`,
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(60)}.it`,
  ])('%j → null', (typed) => {
    expect(fanAddress(typed)).toBeNull();
  });
});

describe('mailboxKey', () => {
  it('lower-cases and drops the +tag, from the first +', () => {
    expect(mailboxKey('T+1@x.it')).toBe('t@x.it');
    expect(mailboxKey('t+a+b@x.it')).toBe('t@x.it');
    expect(mailboxKey('t@x.it')).toBe('t@x.it');
  });
});

describe('isPlaceName', () => {
  it.each(PLACE_NAMES)('%j is a place name', (name) => expect(isPlaceName(name)).toBe(true));
  it.each(['Roma.', 'Roma 2', 'a/b', 'a@b', 'a:b', 'Roma\nx', 'x'.repeat(FAN_CITY_MAX + 1)])('%j is not', (name) =>
    expect(isPlaceName(name)).toBe(false),
  );
});
