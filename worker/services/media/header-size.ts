/**
 * Header sizes for pages whose header was uploaded before sizes were read at upload time
 * (docs/behaviour.md#header-size): at the next publish the stored file's first bytes are read
 * from R2 and the size recorded, once per file (an unreadable file is recorded as read, without
 * a size, so it is not read again).
 */
import type { Bindings } from '../../env';
import { getPageRow } from '../../db/pages/pages';
import { setHeaderSize, shownHeaderPath } from '../../db/pages/media';
import { SIZE_PROBE_BYTES, imagePixelSize } from './image-size';
import { ownObjectKey } from './upload-bytes';

export async function learnHeaderSize(env: Pick<Bindings, 'DB' | 'BUCKET'>, slug: string): Promise<void> {
  try {
    const page = await getPageRow(env.DB, slug);
    if (!page) return;
    const shown = shownHeaderPath(page);
    if (!shown || page.header_size_of === shown) return;
    // only our own uploads: a typed https URL is the organiser's, and not fetched at publish
    const key = ownObjectKey(slug, shown);
    if (!key) return;
    const object = await env.BUCKET.get(key, { range: { offset: 0, length: SIZE_PROBE_BYTES } });
    if (!object) return;
    const size = imagePixelSize(new Uint8Array(await object.arrayBuffer()));
    await setHeaderSize(env.DB, page.id, { of: shown, size });
  } catch (err) {
    // a size is a nicety: the publish goes on without it
    console.warn('header size not learnt', slug, err);
  }
}
