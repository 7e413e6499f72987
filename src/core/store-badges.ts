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

export function isStorePath(path: string | null | undefined): boolean {
  return STORES.some((s) => s.path === path);
}

export function storeByPath(path: string | null | undefined): Store | null {
  return STORES.find((s) => s.path === path) ?? null;
}
