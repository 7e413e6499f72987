import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const publicRoutes = new Hono<AppEnv>();
