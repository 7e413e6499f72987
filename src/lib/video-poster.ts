// A poster frame for a video header, taken in the browser (docs/behaviour.md#uploads): about one
// second in, drawn to at most 1200 px wide WebP like the still images. A browser that cannot
// decode the video, or takes too long, gives no poster (null), never an error.
import { drawToWebp, HEADER_UPLOAD_WIDTH } from './image-resize';

/** How long a capture may take before it gives up. */
const CAPTURE_TIMEOUT_MS = 10_000;
/** After `seeked`, how long to wait for the frame to be presented (requestVideoFrameCallback). */
const FRAME_WAIT_MS = 500;

/** Where to take the frame: 1 s in, the middle of a shorter clip, the start when the length is unknown. */
export function posterTime(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(1, duration / 2);
}

type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
};

/** Resolves on the first of `events` fired by the video; rejects on `error`. */
function once(video: HTMLVideoElement, events: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (fail: boolean) => () => {
      for (const name of events) video.removeEventListener(name, ok);
      video.removeEventListener('error', ko);
      if (fail) reject(new Error('video error'));
      else resolve();
    };
    const ok = done(false);
    const ko = done(true);
    for (const name of events) video.addEventListener(name, ok, { signal });
    video.addEventListener('error', ko, { signal });
  });
}

/**
 * The next frame presented (requestVideoFrameCallback), asked for before a seek so that the frame
 * sought is the one awaited; true when it came, false after `ms` or where the API is missing.
 */
function nextFrame(video: VideoWithFrames): { within(ms: number): Promise<boolean> } {
  let seen = false;
  const supported = typeof video.requestVideoFrameCallback === 'function';
  const presented = new Promise<void>((resolve) => {
    video.requestVideoFrameCallback?.(() => {
      seen = true;
      resolve();
    });
  });
  return {
    within(ms) {
      if (!supported || seen) return Promise.resolve(seen);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      });
      return Promise.race([presented.then(() => true), late]).finally(() => clearTimeout(timer));
    },
  };
}

async function grab(video: VideoWithFrames, signal: AbortSignal): Promise<File | null> {
  if (video.readyState < HTMLMediaElement.HAVE_METADATA) await once(video, ['loadedmetadata'], signal);
  const at = posterTime(video.duration);
  const frame = nextFrame(video);
  if (at > 0) {
    const seeked = once(video, ['seeked'], signal);
    video.currentTime = at;
    await seeked;
  }
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) await once(video, ['loadeddata', 'seeked'], signal);
  await frame.within(FRAME_WAIT_MS);
  if (signal.aborted) return null;
  const encoded = await drawToWebp(video, video.videoWidth, video.videoHeight, HEADER_UPLOAD_WIDTH);
  if (!encoded || signal.aborted) return null;
  return new File([encoded.blob], 'copertina.webp', { type: 'image/webp', lastModified: Date.now() });
}

/**
 * A poster frame of `source` (a picked file, or the same-origin path of a saved header) as a WebP
 * file, or null when the browser cannot take one within CAPTURE_TIMEOUT_MS.
 */
export async function capturePoster(source: Blob | string, timeoutMs = CAPTURE_TIMEOUT_MS): Promise<File | null> {
  if (typeof document === 'undefined') return null;
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  const abort = new AbortController();
  const video = document.createElement('video') as VideoWithFrames;
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  // in the document (unseen) a video gets its frames presented, so requestVideoFrameCallback fires
  video.setAttribute('aria-hidden', 'true');
  video.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:2px;opacity:0;pointer-events:none';
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        abort.abort();
        resolve(null);
      }, timeoutMs);
    });
    video.src = url;
    document.body.append(video);
    return await Promise.race([grab(video, abort.signal), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    abort.abort();
    video.remove();
    video.removeAttribute('src');
    video.load();
    if (typeof source !== 'string') URL.revokeObjectURL(url);
  }
}
