// Loads the panel's font faces on demand from the same self-hosted files the published page uses
// (/fonts/{id}-{weight}-{style}.woff2), so the organiser sees each family in its own face without
// the editor downloading 19 families up front.
import { findFont, fontUrl, nearestWeight, type FontStyle, type FontWeight } from '../../../core/fonts';

const loaded = new Map<string, Promise<boolean>>();

/** Registers and loads one face; resolves false if the browser cannot (offline, old browser). */
export function loadFontFace(
  family: string,
  weight: FontWeight = '400',
  style: FontStyle = 'normal',
): Promise<boolean> {
  const font = findFont(family);
  if (!font || typeof FontFace === 'undefined' || typeof document === 'undefined') {
    return Promise.resolve(false);
  }
  const w = nearestWeight(font, weight);
  const s: FontStyle = style === 'italic' && font.italic ? 'italic' : 'normal';
  const key = `${font.id}-${w}-${s}`;
  let promise = loaded.get(key);
  if (!promise) {
    const face = new FontFace(font.family, `url(${fontUrl(font, w, s)}) format("woff2")`, {
      weight: w,
      style: s,
      display: 'swap',
    });
    document.fonts.add(face);
    promise = face.load().then(
      () => true,
      () => {
        // A failed face stays out of the set so a later attempt can retry it.
        document.fonts.delete(face);
        loaded.delete(key);
        return false;
      },
    );
    loaded.set(key, promise);
  }
  return promise;
}
