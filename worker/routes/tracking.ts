import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const tracking = new Hono<AppEnv>();
