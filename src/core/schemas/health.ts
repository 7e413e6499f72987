import { z } from '../zod';

/** `GET /api/test`: the Worker answers (the deploy's and the site's health check). */
export const healthAnswerSchema = z.object({ status: z.literal('ok'), message: z.string() });
