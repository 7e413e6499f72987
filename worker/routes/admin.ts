import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const admin = new Hono<AppEnv>();
