/**
 * The ten store badges (own SVGs in public/stores/), offered for image
 * buttons. Store images are shared files: the editor never deletes them.
 */
export type StoreCategory = 'streaming' | 'download' | 'physical' | 'bookshop';

export interface Store {
  name: string;
  label: string;
  path: string;
  category: StoreCategory;
}

export const STORES: readonly Store[] = [
  { name: 'spotify', label: 'Spotify', path: '/stores/spotify.svg', category: 'streaming' },
  { name: 'applemusic', label: 'Apple Music', path: '/stores/applemusic.svg', category: 'streaming' },
  { name: 'youtubemusic', label: 'YouTube Music', path: '/stores/youtubemusic.svg', category: 'streaming' },
  { name: 'amazonmusic', label: 'Amazon Music', path: '/stores/amazonmusic.svg', category: 'streaming' },
  { name: 'deezer', label: 'Deezer', path: '/stores/deezer.svg', category: 'streaming' },
  { name: 'tidal', label: 'TIDAL', path: '/stores/tidal.svg', category: 'streaming' },
  { name: 'itunes', label: 'iTunes', path: '/stores/itunes.svg', category: 'download' },
  { name: 'bandcamp', label: 'Bandcamp', path: '/stores/bandcamp.svg', category: 'download' },
  { name: 'amazon', label: 'Amazon', path: '/stores/amazon.svg', category: 'physical' },
  { name: 'feltrinelli', label: 'laFeltrinelli', path: '/stores/feltrinelli.svg', category: 'bookshop' },
];

/** The folder the badges are served from (`public/stores/` in the repository). */
export const STORE_BADGES_DIR = '/stores/';

/**
 * A store badge's path: any path under the badges' folder, listed above or not, is a file
 * shipped with the site, never an upload. So the editor never uploads nor deletes it, and a
 * badge button keeps it as is (docs/behaviour.md#image-buttons-and-store-badges).
 */
export function isStorePath(path: string | null | undefined): boolean {
  return typeof path === 'string' && path.startsWith(STORE_BADGES_DIR);
}

export function storeByPath(path: string | null | undefined): Store | null {
  return STORES.find((s) => s.path === path) ?? null;
}
