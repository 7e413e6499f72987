import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../worker/services/html';

describe('escapeHtml', () => {
  it('turns the five markup characters into entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('escapes & first, so an entity already in the text stays visible as text', () => {
    expect(escapeHtml('&lt; &amp;')).toBe('&amp;lt; &amp;amp;');
  });

  it('leaves every other character as it is', () => {
    const plain = 'Tour 2099 · Milano — àèìòù € 😀 \\ / = ; `';
    expect(escapeHtml(plain)).toBe(plain);
  });
});
