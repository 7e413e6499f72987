import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const dev = new Hono<AppEnv>();
