/**
 * The answers of the page's uploads (multipart requests: the header with its video's poster, a
 * poster alone, button images) and of a button image's deletion. The Worker's tests check its
 * answers against them, and the OpenAPI document shows them.
 */
import { z } from '../zod';
import { t } from '../messages';

/** A stored file's path on the site: /dati/{slug}/{file}. */
const mediaPath = z.string().meta({ example: '/dati/estate-live/header.3.jpg' });

/** `POST …/{slug}/upload-image`: the header as stored, and its poster ('' when none). */
export const headerUploadAnswerSchema = z.object({
  success: z.literal(true),
  path: mediaPath,
  header: mediaPath,
  poster: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
});

/** `POST …/{slug}/upload-poster`: the poster frame as stored. */
export const posterUploadAnswerSchema = z.object({ success: z.literal(true), poster: mediaPath });

/** `POST …/{slug}/upload-button-images`: each file, the button it went to and its path. */
export const buttonImagesAnswerSchema = z.object({
  success: z.literal(true),
  uploaded: z.array(
    z.object({
      /** the file's place among the uploaded files */
      order: z.number().int().nonnegative(),
      /** the button's index in position order */
      index: z.number().int().nonnegative(),
      button_id: z.number().int(),
      path: mediaPath,
    }),
  ),
  /** the same paths by button index */
  paths: z.record(z.string(), mediaPath),
});

/** `DELETE …/{slug}/button-image/{filename}`: the file name deleted. */
export const buttonImageDeletedSchema = z.object({ success: z.literal(true), deleted: z.string() });

/** A button image's file name as the server named it: N.version.ext (N.ext from older pages). */
export const buttonImageParamSchema = z.object({
  filename: z
    .string()
    .regex(/^\d{1,4}(\.[a-z0-9]{1,16})?\.(jpg|jpeg|png|webp|gif)$/, t('upload.filenameInvalid'))
    .meta({ example: '0.k3j9.png' }),
});
