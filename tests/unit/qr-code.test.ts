import { describe, expect, it } from 'vitest';
import { qrTarget } from '../../src/islands/editor/extras/QrCode';

describe('qrTarget', () => {
  it('opens the public page with utm_source=qr', () => {
    expect(qrTarget('http://127.0.0.1:8787/tour')).toBe('http://127.0.0.1:8787/tour?utm_source=qr');
    expect(qrTarget('https://palco.example/tour?lang=it')).toBe('https://palco.example/tour?lang=it&utm_source=qr');
    expect(qrTarget('https://palco.example/tour?utm_source=flyer')).toBe('https://palco.example/tour?utm_source=qr');
  });
});
