/**
 * Uploads to R2, each on a page the user may open: the header (with its video's poster), a
 * poster alone, and button images (read and stored by services/media/upload-forms.ts), deleting a
 * button image, and the header proxy used for palette extraction. Every change republishes
 * the page and completes the version of the save it follows (recordUpload); a file it replaced
 * leaves the public folder at once when the page no longer uses it (deleteUnused: deleted, or
 * kept privately while a version uses it).
 */
import { createRoute } from '@hono/zod-openapi';
import { t } from '../../src/core/messages';
import { headerOf } from '../../src/core/public-view';
import { slugParamSchema } from '../../src/core/schemas/params';
import {
  buttonImageDeletedSchema,
  buttonImageParamSchema,
  buttonImagesAnswerSchema,
  headerUploadAnswerSchema,
  posterUploadAnswerSchema,
} from '../../src/core/schemas/uploads';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { toPageAsReceived } from '../db/pages/pages';
import { clearButtonImage, setButtonImages, setPageHeader, setPagePoster } from '../db/pages/media';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, type PlainRoute, SESSION } from '../openapi';
import { proxyImage } from '../services/media/image-proxy';
import { PROXY_ANSWERS } from './media';
import { CONTENT_TYPES } from '../services/media/media-types';
import { ownedPage } from '../services/pages/access';
import { deleteUnused, republish } from '../services/pages/effects';
import { keepBaseline, recordUpload } from '../services/pages/history';
import { mediaFolder } from '../services/media/upload-bytes';
import {
  forget,
  receiveButtonImages,
  receiveHeader,
  receivePoster,
  refuseUpload,
} from '../services/media/upload-forms';

const TAGS = ['Uploads'];
const owner = { tags: TAGS, security: SESSION };

/** A multipart form of files: described by hand, read by services/media/upload-forms.ts. */
function multipart(fields: Record<string, string>, required: string[]) {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, description]) => [
      name,
      { type: 'string' as const, format: 'binary', description },
    ]),
  );
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { type: 'object' as const, properties, required } } },
  };
}

/** The three uploads stay plain routes (they stream a multipart body): described by hand here. */
const UPLOADS: PlainRoute[] = [
  {
    ...owner,
    method: 'post',
    path: '/{slug}/upload-image',
    summary: "The page's header: an image, or an MP4 video with its poster frame",
    description:
      'A header sent without a poster clears the stored one. The file replaced goes unless the page ' +
      'still uses it; the page is republished.',
    request: {
      params: slugParamSchema,
      body: multipart({ image: 'JPG, PNG, WebP, GIF or MP4', poster: "optional: the video's frame, an image" }, [
        'image',
      ]),
    },
    responses: {
      200: jsonAnswer(headerUploadAnswerSchema, 'The header as stored'),
      ...errorAnswers(401, 403, 404, 413, 422),
      415: jsonAnswer(errorAnswerSchema, 'Not multipart, or a file of a refused type'),
    },
  },
  {
    ...owner,
    method: 'post',
    path: '/{slug}/upload-poster',
    summary: "A poster frame for the page's saved video header",
    request: { params: slugParamSchema, body: multipart({ poster: 'JPG, PNG, WebP or GIF' }, ['poster']) },
    responses: {
      200: jsonAnswer(posterUploadAnswerSchema, 'The poster as stored'),
      ...errorAnswers(401, 403, 404, 409, 413, 422),
      415: jsonAnswer(errorAnswerSchema, 'Not multipart, or a file of a refused type'),
    },
  },
  {
    ...owner,
    method: 'post',
    path: '/{slug}/upload-button-images',
    summary: 'Images of image buttons: each file to the button its mapping names',
    description:
      "`image_mapping` is a JSON object from each file's place among the files (0, 1, …) to the index " +
      'of its image button in position order.',
    request: {
      params: slugParamSchema,
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                button_images: { type: 'array', items: { type: 'string', format: 'binary' } },
                image_mapping: { type: 'string', description: 'JSON: {"0": 2, "1": 5}' },
              },
              required: ['button_images', 'image_mapping'],
            },
          },
        },
      },
    },
    responses: {
      200: jsonAnswer(buttonImagesAnswerSchema, 'The files stored, by button'),
      ...errorAnswers(401, 403, 404, 413, 422),
      415: jsonAnswer(errorAnswerSchema, 'Not multipart, or a file of a refused type'),
    },
  },
];

const deleteImageRoute = createRoute({
  ...owner,
  middleware: [requireActive],
  method: 'delete',
  path: '/{slug}/button-image/{filename}',
  summary: 'Deletes a button image the server named, and clears it from its buttons',
  description: "The page's header or poster is never deleted here, whatever its name (409).",
  request: { params: slugParamSchema.extend(buttonImageParamSchema.shape) },
  responses: {
    200: jsonAnswer(buttonImageDeletedSchema, 'The file deleted'),
    ...errorAnswers(401, 403, 404, 409, 422),
  },
});

const imageProxyRoute = createRoute({
  ...owner,
  middleware: [requireActive],
  method: 'get',
  path: '/{slug}/image-proxy',
  summary: "The saved header's image, same-origin so the editor's canvas may read its palette",
  request: { params: slugParamSchema },
  responses: PROXY_ANSWERS,
});

const described = describedRoutes();
for (const route of UPLOADS) described.openAPIRegistry.registerPath(route);

export const uploads = described
  // only a name the server gave (N.version.ext): the params schema refuses any other with 422
  .openapi(deleteImageRoute, async (c) => {
    const { slug, filename } = c.req.valid('param');
    const page = await ownedPage(c, slug, 'write');
    const key = `${mediaFolder(page.folder_name)}${filename}`;
    // an all-digit slug names its header like a button image: the header and poster stay
    // (docs/behaviour.md#uploads)
    if (`/${key}` === page.header || `/${key}` === page.header_poster) fail(409, t('upload.fileIsHeader'));
    if (!(await c.env.BUCKET.head(key))) fail(404, t('upload.fileNotFound'));
    await keepBaseline(c, page);
    await clearButtonImage(c.env.DB, page.id, `/${key}`);
    await recordUpload(c, page.id);
    // deleted, or kept privately while a version shows it (docs/behaviour.md#history)
    await deleteUnused(c.env, page, [`/${key}`]);
    await republish(c, page.folder_name);
    return c.json({ success: true as const, deleted: filename }, 200);
  })

  .openapi(imageProxyRoute, async (c) => {
    // reading the header's palette changes nothing: every member may
    const page = await ownedPage(c, c.req.valid('param').slug);
    if (!page.header) fail(404, t('proxy.noHeader'));
    return proxyImage(c, page.header);
  })

  .post('/:slug/upload-image', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'), 'write');
    const slug = page.folder_name;
    const stored = await receiveHeader(c, slug);
    const path = `/${stored.key}`;
    const poster = stored.posterKey ? `/${stored.posterKey}` : '';
    const fresh = stored.posterKey ? [stored.key, stored.posterKey] : [stored.key];
    await keepBaseline(c, page);
    try {
      // a new header without a poster clears the old one: it was a frame of the old video
      // the size of what shows first (the image, else the video's poster): the page reserves it
      const shown = stored.kind === 'mp4' ? poster : path;
      await setPageHeader(c.env.DB, page.id, path, poster, shown ? { of: shown, size: stored.pixels } : null);
    } catch (err) {
      await forget(c, fresh);
      throw err;
    }
    await recordUpload(c, page.id);
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
    const page = await ownedPage(c, c.req.param('slug'), 'write');
    const slug = page.folder_name;
    if (headerOf(page.header, slug).kind !== 'video') await refuseUpload(c, 422, t('upload.posterNeedsVideo'));
    const { key, pixels } = await receivePoster(c, slug);
    const poster = `/${key}`;
    let set: boolean;
    await keepBaseline(c, page);
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
    await recordUpload(c, page.id);
    await deleteUnused(c.env, page, [page.header_poster]);
    await republish(c, slug);
    return c.json({ success: true, poster });
  })

  .post('/:slug/upload-button-images', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'), 'write');
    const slug = page.folder_name;
    // ordered by position: the mapping's indexes
    const { buttons } = await toPageAsReceived(c.env.DB, page);
    const written = await receiveButtonImages(c, slug, buttons);
    const images = written.map((w) => ({ buttonId: w.buttonId, path: `/${w.key}` }));
    await keepBaseline(c, page);
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
    await recordUpload(c, page.id);
    await deleteUnused(c.env, page, [...replaced, ...images.map((i) => i.path)]);
    await republish(c, slug);
    const paths: Record<string, string> = {};
    for (const w of written) paths[String(w.index)] = `/${w.key}`;
    return c.json({
      success: true,
      uploaded: written.map((w) => ({ order: w.order, index: w.index, button_id: w.buttonId, path: `/${w.key}` })),
      paths,
    });
  });
