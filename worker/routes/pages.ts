import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const pages = new Hono<AppEnv>();
