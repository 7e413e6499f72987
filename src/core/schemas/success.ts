import { z } from '../zod';

/** `{"success": true}`: what a removal answers (an account, a fan), with nothing else to tell. */
export const successAnswerSchema = z.object({ success: z.literal(true) });
