// Small real-format files for the upload tests, built in code.
function b64(s: string): Uint8Array {
  return Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
}

export const PNG = b64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
);
export const GIF = b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
export const WEBP = b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');
export const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78,
  0xff, 0xd9,
]);

function box(type: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + payload.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(payload, 8);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function mp4(mdatBytes = 1000): Uint8Array {
  const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\x02\0isomiso2avc1mp41'));
  const moov = box('moov', box('mvhd', new Uint8Array(100)));
  const mdat = box(
    'mdat',
    new Uint8Array(mdatBytes).map((_, i) => (i * 7) & 0xff),
  );
  return concat(ftyp, moov, mdat);
}

export const SVG = new TextEncoder().encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** A multipart body as a stream (no content-length): parts of fields and files. */
export function multipartStream(
  boundary: string,
  parts: Array<{
    name: string;
    filename?: string;
    type?: string;
    data: Uint8Array | string | (() => AsyncGenerator<Uint8Array>);
  }>,
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  async function* gen() {
    for (const p of parts) {
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
      if (p.filename !== undefined) head += `; filename="${p.filename}"`;
      head += '\r\n';
      if (p.type) head += `Content-Type: ${p.type}\r\n`;
      yield enc.encode(`${head}\r\n`);
      if (typeof p.data === 'string') yield enc.encode(p.data);
      else if (p.data instanceof Uint8Array) yield p.data;
      else for await (const chunk of p.data()) yield chunk;
      yield enc.encode('\r\n');
    }
    yield enc.encode(`--${boundary}--\r\n`);
  }
  const it = gen();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await it.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
}

/** `total` bytes starting with `prefix`, in 64 KiB chunks. */
export function bigBytes(prefix: Uint8Array, total: number): () => AsyncGenerator<Uint8Array> {
  return async function* () {
    yield prefix;
    let left = total - prefix.length;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
      left -= n;
    }
  };
}
