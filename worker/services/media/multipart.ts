/**
 * A streaming multipart/form-data reader: parts are read one after the other and their bytes
 * handed out as they arrive, so an upload is size-checked (and an MP4 sent on to R2) without
 * ever holding the whole body. Request.formData() would buffer everything first.
 */
import { concatBytes, indexOfBytes } from '../bytes';
import { discardRest } from '../request-body';

export class MultipartError extends Error {}

/** The body went past the reader's byte cap (counted as it arrives, chunked or not). */
export class BodyTooLargeError extends Error {}

const enc = new TextEncoder();
const dec = new TextDecoder();
const HEADER_MAX = 16 * 1024;
const HEADERS_END = enc.encode('\r\n\r\n');
/** No upload form has more parts than this: more is not a form of ours. */
const PARTS_MAX = 64;

export interface PartInfo {
  name: string;
  filename: string | null;
  contentType: string | null;
}

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function param(header: string, name: string): string | null {
  const re = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^;\\s]+)`, 'i');
  const m = re.exec(header);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? null);
}

export class MultipartReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly delimiter: Uint8Array;
  // a virtual CRLF in front, so the first boundary looks like every other one
  private buf: Uint8Array = enc.encode('\r\n');
  private eof = false;
  private inPart = false;
  private finished = false;
  private partCount = 0;
  private received = 0;
  private readonly maxBytes: number;

  /** `maxBytes` caps the whole body: past it every read throws BodyTooLargeError. */
  constructor(body: ReadableStream<Uint8Array>, boundary: string, maxBytes = Number.POSITIVE_INFINITY) {
    this.reader = body.getReader();
    this.delimiter = enc.encode(`\r\n--${boundary}`);
    this.maxBytes = maxBytes;
  }

  private async fill(): Promise<boolean> {
    if (this.eof) return false;
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await this.reader.read();
    } catch {
      // the client stopped sending halfway: what arrived is not a whole form
      this.eof = true;
      throw new MultipartError('body cut off');
    }
    const { done, value } = chunk;
    if (done) {
      this.eof = true;
      return false;
    }
    this.received += value.length;
    if (this.received > this.maxBytes) throw new BodyTooLargeError('body over its cap');
    this.buf = concatBytes(this.buf, value);
    return true;
  }

  /** The next part's headers (skipping what is left of the current one), or null at the end. */
  async next(): Promise<PartInfo | null> {
    if (this.finished) return null;
    if (this.inPart) for await (const _chunk of this.data()) void _chunk;
    let idx = indexOfBytes(this.buf, this.delimiter);
    while (idx === -1) {
      if (this.buf.length > this.delimiter.length) this.buf = this.buf.slice(this.buf.length - this.delimiter.length);
      if (!(await this.fill())) throw new MultipartError('no boundary');
      idx = indexOfBytes(this.buf, this.delimiter);
    }
    this.buf = this.buf.slice(idx + this.delimiter.length);
    while (this.buf.length < 2) if (!(await this.fill())) throw new MultipartError('cut after boundary');
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
      this.finished = true;
      return null;
    }
    let end = indexOfBytes(this.buf, HEADERS_END);
    while (end === -1) {
      if (this.buf.length > HEADER_MAX) throw new MultipartError('headers too long');
      if (!(await this.fill())) throw new MultipartError('cut in headers');
      end = indexOfBytes(this.buf, HEADERS_END);
    }
    const headerText = dec.decode(this.buf.slice(0, end));
    this.buf = this.buf.slice(end + 4);
    let disposition = '';
    let contentType: string | null = null;
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      const key = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'content-disposition') disposition = value;
      else if (key === 'content-type') contentType = value;
    }
    const name = param(disposition, 'name');
    if (!/^form-data/i.test(disposition) || name === null) throw new MultipartError('bad part headers');
    if (++this.partCount > PARTS_MAX) throw new MultipartError('too many parts');
    this.inPart = true;
    return { name, filename: param(disposition, 'filename'), contentType };
  }

  /** Every part's headers in turn: read a part's bytes with data() before the loop moves on. */
  async *parts(): AsyncGenerator<PartInfo> {
    for (let part = await this.next(); part !== null; part = await this.next()) yield part;
  }

  /** The current part's bytes, chunk by chunk as they arrive. */
  async *data(): AsyncGenerator<Uint8Array> {
    if (!this.inPart) return;
    for (;;) {
      const idx = indexOfBytes(this.buf, this.delimiter);
      if (idx !== -1) {
        const chunk = this.buf.slice(0, idx);
        this.buf = this.buf.slice(idx);
        this.inPart = false;
        if (chunk.length > 0) yield chunk;
        return;
      }
      const keep = this.delimiter.length - 1;
      if (this.buf.length > keep) {
        const chunk = this.buf.slice(0, this.buf.length - keep);
        this.buf = this.buf.slice(this.buf.length - keep);
        yield chunk;
      }
      if (!(await this.fill())) throw new MultipartError('cut in part');
    }
  }

  /** A small text field, capped. */
  async text(max: number): Promise<string> {
    let out: Uint8Array = new Uint8Array(0);
    for await (const chunk of this.data()) {
      out = concatBytes(out, chunk);
      if (out.length > max) throw new MultipartError('field too long');
    }
    return dec.decode(out);
  }

  /**
   * Done with the body, whether or not it was read to its end: the rest is read and dropped
   * (request-body.ts says why an early answer must not cancel it).
   */
  async finish(): Promise<void> {
    if (this.eof) return;
    this.eof = true;
    await discardRest(this.reader);
  }
}
