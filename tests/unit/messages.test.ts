import { describe, expect, it } from 'vitest';
import { messages, t } from '../../src/core/messages';

describe('message catalogue', () => {
  it('fills placeholders', () => {
    expect(t('slug.taken', { slug: 'tour', name: 'Tour 2026' })).toBe(
      'Lo slug "tour" è già utilizzato dalla landing "Tour 2026"',
    );
  });
  it('has no empty text', () => {
    for (const [key, text] of Object.entries(messages)) expect(text, key).not.toBe('');
  });
});
