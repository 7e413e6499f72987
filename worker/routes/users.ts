import { Hono } from 'hono';
import { publicUser } from '../db/users';
import type { AppEnv } from '../env';
import { requireUser } from '../middleware/auth';

/** fastapi-users' /users router: the current user, in whatever status (the guard needs it). */
export const users = new Hono<AppEnv>().get('/me', requireUser, (c) => c.json(publicUser(c.get('user'))));
