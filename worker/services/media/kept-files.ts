/**
 * Files kept privately (docs/behaviour.md#history and #trash): a page's file that only older
 * versions use, or every file of a page in the trash, leaves the public folder `dati/{slug}/`
 * for `kept/{slug}/`, which no public route serves (only a version's signed link opens one file,
 * routes/kept-files.ts), and comes back on a restore. R2 has no rename:
 * a move is a copy and a delete, copy first, so a failure in between leaves a spare copy and
 * never a lost file.
 */

const PUBLIC = 'dati/';
const PRIVATE = 'kept/';

/** The private key of a public `dati/…` key. */
export function keptKey(publicKey: string): string {
  return publicKey.startsWith(PUBLIC) ? PRIVATE + publicKey.slice(PUBLIC.length) : publicKey;
}

/** The private folder of a page. */
export function keptFolder(slug: string): string {
  return `${PRIVATE}${slug}/`;
}

async function move(bucket: R2Bucket, from: string, to: string): Promise<boolean> {
  const obj = await bucket.get(from);
  if (!obj) return false;
  await bucket.put(to, obj.body, { httpMetadata: obj.httpMetadata, customMetadata: obj.customMetadata });
  await bucket.delete(from);
  return true;
}

/** Moves public files (`dati/…` keys) to the private folder; resolves to how many moved. */
export async function keepPrivately(bucket: R2Bucket, publicKeys: Iterable<string>): Promise<number> {
  let moved = 0;
  for (const key of publicKeys) if (await move(bucket, key, keptKey(key))) moved += 1;
  return moved;
}

/**
 * Brings kept files back to their public keys (`dati/…`); a file already public stays as it
 * is. Resolves to how many came back.
 */
export async function bringBack(bucket: R2Bucket, publicKeys: Iterable<string>): Promise<number> {
  let moved = 0;
  for (const key of publicKeys) {
    if (await bucket.head(key)) continue;
    if (await move(bucket, keptKey(key), key)) moved += 1;
  }
  return moved;
}

/** Every key under a prefix (R2 lists 1,000 at a time). */
export async function listKeys(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const list = await bucket.list({ prefix, cursor, limit: 1000 });
    keys.push(...list.objects.map((o) => o.key));
    cursor = list.truncated ? list.cursor : undefined;
  } while (cursor);
  return keys;
}
