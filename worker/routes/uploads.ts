import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const uploads = new Hono<AppEnv>();
