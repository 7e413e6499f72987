// The streaming parsers must not care how the bytes are cut into chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MultipartReader, boundaryOf } from '../../worker/services/media/multipart';
import { Mp4Walker, imageProblem, sniff } from '../../worker/services/media/media-types';
import { GIF, JPEG, PNG, WEBP, concat, mp4 } from './media-fixtures';

function chunked(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let last = 0;
  for (const p of [...points, bytes.length]) {
    if (p > last) pieces.push(bytes.slice(last, p));
    last = Math.max(last, p);
  }
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

const enc = new TextEncoder();

function body(boundary: string, parts: Array<{ name: string; filename?: string; data: Uint8Array }>): Uint8Array {
  const out: Uint8Array[] = [enc.encode('preamble\r\n')];
  for (const p of parts) {
    out.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n`,
      ),
      p.data,
      enc.encode('\r\n'),
    );
  }
  out.push(enc.encode(`--${boundary}--\r\n`));
  return concat(...out);
}

describe('MultipartReader', () => {
  it('gives back every part byte for byte, however the stream is cut (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.constantFrom('a', 'image', 'x y'),
            data: fc.uint8Array({ maxLength: 300 }),
            file: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (parts, cuts) => {
          const boundary = '----palcoBoundary7MA4YWxk';
          const raw = body(
            boundary,
            parts.map((p) => ({ name: p.name, filename: p.file ? 'f.bin' : undefined, data: p.data })),
          );
          const reader = new MultipartReader(chunked(raw, cuts), boundary);
          for (const p of parts) {
            const info = await reader.next();
            expect(info?.name).toBe(p.name);
            expect(info?.filename).toBe(p.file ? 'f.bin' : null);
            const got: Uint8Array[] = [];
            for await (const chunk of reader.data()) got.push(chunk);
            expect(concat(...got)).toEqual(p.data);
          }
          expect(await reader.next()).toBeNull();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('skips parts that are not read', async () => {
    const raw = body('b', [
      { name: 'skip', data: new Uint8Array(1000).fill(7) },
      { name: 'keep', data: enc.encode('ok') },
    ]);
    const reader = new MultipartReader(chunked(raw, [3, 500, 1001]), 'b');
    expect((await reader.next())?.name).toBe('skip');
    expect((await reader.next())?.name).toBe('keep');
    expect(await reader.text(10)).toBe('ok');
  });

  it('refuses a body of endless tiny parts', async () => {
    const raw = body(
      'b',
      Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, data: enc.encode('x') })),
    );
    const reader = new MultipartReader(chunked(raw, []), 'b');
    await expect(async () => {
      while (await reader.next()) {
        /* skip */
      }
    }).rejects.toThrow('too many parts');
  });

  it('boundaryOf', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});

describe('media checks', () => {
  it('sniffs the fixtures', () => {
    expect([PNG, JPEG, GIF, WEBP, mp4(10)].map((b) => sniff(b.subarray(0, 16)))).toEqual([
      'png',
      'jpg',
      'gif',
      'webp',
      'mp4',
    ]);
    expect(sniff(enc.encode('<svg xmlns='))).toBeNull();
  });

  it('every proper prefix of an image is truncated or refused', () => {
    for (const [kind, bytes] of [
      ['png', PNG],
      ['gif', GIF],
      ['webp', WEBP],
      ['jpg', JPEG],
    ] as const) {
      expect(imageProblem(kind, bytes), kind).toBeNull();
      for (let n = 1; n < bytes.length; n++)
        expect(imageProblem(kind, bytes.slice(0, n)), `${kind} ${n}`).not.toBeNull();
    }
  });

  it('Mp4Walker accepts a whole file however it is cut, refuses prefixes (property)', () => {
    const file = mp4(500);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 20 }), fc.integer({ min: 1, max: file.length - 1 }), (cuts, cut) => {
        const points = [...new Set(cuts.map((c) => c % file.length))].sort((a, b) => a - b);
        const w = new Mp4Walker();
        let last = 0;
        for (const p of [...points, file.length]) {
          if (p > last) w.push(file.slice(last, p));
          last = Math.max(last, p);
        }
        expect(w.finish()).toBe(true);
        const t = new Mp4Walker();
        t.push(file.slice(0, cut));
        expect(t.finish()).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
