/**
 * Uploads to R2, each on a page the user may open: the header (with its video's poster), a
 * poster alone, and button images (read and stored by services/upload-forms.ts), deleting a
 * button image, and the header proxy used for palette extraction. Every change republishes
 * the page; a file it replaced goes at once when the page no longer uses it (deleteUnused).
 */
import { Hono } from 'hono';
import { t } from '../../src/core/messages';
import { headerOf } from '../../src/core/public-view';
import { toPageAsReceived } from '../db/pages';
import { clearButtonImage, setButtonImages, setPageHeader, setPagePoster } from '../db/page-media';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { proxyImage } from '../services/image-proxy';
import { CONTENT_TYPES } from '../services/media-types';
import { ownedPage } from '../services/page-access';
import { deleteUnused, republish } from '../services/page-effects';
import { mediaFolder } from '../services/upload-bytes';
import { forget, receiveButtonImages, receiveHeader, receivePoster, refuseUpload } from '../services/upload-forms';

/** Only button images the server named: N.version.ext (N.ext from older pages). */
const BUTTON_IMAGE_NAME = /^\d{1,4}(\.[a-z0-9]{1,16})?\.(jpg|jpeg|png|webp|gif)$/;

export const uploads = new Hono<AppEnv>()
  .post('/:slug/upload-image', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const slug = page.folder_name;
    const stored = await receiveHeader(c, slug);
    const path = `/${stored.key}`;
    const poster = stored.posterKey ? `/${stored.posterKey}` : '';
    const fresh = stored.posterKey ? [stored.key, stored.posterKey] : [stored.key];
    try {
      // a new header without a poster clears the old one: it was a frame of the old video
      // the size of what shows first (the image, else the video's poster): the page reserves it
      const shown = stored.kind === 'mp4' ? poster : path;
      await setPageHeader(c.env.DB, page.id, path, poster, shown ? { of: shown, size: stored.pixels } : null);
    } catch (err) {
      await forget(c, fresh);
      throw err;
    }
    await deleteUnused(c.env, page, [page.header, page.header_poster, ...fresh.map((k) => `/${k}`)]);
    await republish(c, slug);
    return c.json({
      success: true,
      path,
      header: path,
      poster,
      filename: stored.key.split('/').pop(),
      content_type: CONTENT_TYPES[stored.kind],
      size: stored.size,
    });
  })

  .post('/:slug/upload-poster', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const slug = page.folder_name;
    if (headerOf(page.header, slug).kind !== 'video') await refuseUpload(c, 422, t('upload.posterNeedsVideo'));
    const { key, pixels } = await receivePoster(c, slug);
    const poster = `/${key}`;
    let set: boolean;
    try {
      set = await setPagePoster(c.env.DB, page.id, page.header, poster, pixels);
    } catch (err) {
      await forget(c, [key]);
      throw err;
    }
    if (!set) {
      // the header changed while the poster was arriving: the frame is of another video
      await forget(c, [key]);
      fail(409, t('upload.headerChanged'));
    }
    await deleteUnused(c.env, page, [page.header_poster]);
    await republish(c, slug);
    return c.json({ success: true, poster });
  })

  .post('/:slug/upload-button-images', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const slug = page.folder_name;
    // ordered by position: the mapping's indexes
    const { buttons } = await toPageAsReceived(c.env.DB, page);
    const written = await receiveButtonImages(c, slug, buttons);
    const images = written.map((w) => ({ buttonId: w.buttonId, path: `/${w.key}` }));
    try {
      await setButtonImages(c.env.DB, page.id, images);
    } catch (err) {
      await forget(
        c,
        written.map((w) => w.key),
      );
      throw err;
    }
    // the images these buttons had, now replaced (unless another button shows them too), and a
    // new file whose button a concurrent save removed
    const replaced = buttons.filter((b) => written.some((w) => w.buttonId === b.id)).map((b) => b.image_path ?? '');
    await deleteUnused(c.env, page, [...replaced, ...images.map((i) => i.path)]);
    await republish(c, slug);
    const paths: Record<string, string> = {};
    for (const w of written) paths[String(w.index)] = `/${w.key}`;
    return c.json({
      success: true,
      uploaded: written.map((w) => ({ order: w.order, index: w.index, button_id: w.buttonId, path: `/${w.key}` })),
      paths,
    });
  })

  .delete('/:slug/button-image/:filename', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const filename = c.req.param('filename');
    if (!BUTTON_IMAGE_NAME.test(filename)) fail(422, t('upload.filenameInvalid'));
    const key = `${mediaFolder(page.folder_name)}${filename}`;
    if (!(await c.env.BUCKET.head(key))) fail(404, t('upload.fileNotFound'));
    await c.env.BUCKET.delete(key);
    await clearButtonImage(c.env.DB, page.id, `/${key}`);
    await republish(c, page.folder_name);
    return c.json({ success: true, deleted: filename });
  })

  .get('/:slug/image-proxy', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    if (!page.header) fail(404, t('proxy.noHeader'));
    return proxyImage(c, page.header);
  });
