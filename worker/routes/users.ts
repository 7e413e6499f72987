import { createRoute } from '@hono/zod-openapi';
import { userSchema } from '../../src/core/schemas/user';
import { publicUser } from '../db/users';
import { requireUser } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, SESSION } from '../openapi';

const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Authentication'],
  summary: 'The account of the session, in whatever status',
  description:
    'Every status answers (pending, approved, rejected, banned…): the site shows why an account may not work yet.',
  security: SESSION,
  middleware: [requireUser],
  responses: { 200: jsonAnswer(userSchema, 'The account'), ...errorAnswers(401) },
});

/** fastapi-users' /users router: the current user, in whatever status (the guard needs it). */
export const users = describedRoutes().openapi(meRoute, (c) => c.json(publicUser(c.get('user')), 200));
