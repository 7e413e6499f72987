import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const auth = new Hono<AppEnv>();
