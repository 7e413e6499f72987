/** Small helpers over byte arrays, shared by the multipart reader, the media checks and the fans' hashes. */

/** Where `needle` first occurs in `haystack` at or after `from`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** `a` followed by `b` (b itself when a is empty). */
export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The chunks joined into one array of `size` bytes. */
export function joinBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Reads chunks whole, counting bytes as they arrive and calling `onOver` (which throws) as soon
 * as they pass `max`; `first` is what the caller already read. Leaving the loop by the throw
 * cancels a stream being read.
 */
export async function readCapped(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  max: number,
  onOver: () => never,
  first: Uint8Array = new Uint8Array(0),
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [first];
  let size = first.length;
  if (size > max) onOver();
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > max) onOver();
    parts.push(chunk);
  }
  return joinBytes(parts, size);
}

/** The SHA-256 of a text's UTF-8 bytes, in lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
