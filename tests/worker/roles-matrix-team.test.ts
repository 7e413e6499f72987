// The role × route matrix of docs/behaviour.md#teams, second half: history, trash and the
// team's own routes, for the same actors as roles-matrix.test.ts.
import { describe, it } from 'vitest';
import { companyPaths, pagePaths, trashPaths } from '../../src/core/api-paths';
import { ACTORS, expectVerdict, type RouteCase } from './roles-helpers';

const ROUTES: RouteCase[] = [
  { name: 'GET versions', right: 'read', make: (s) => [pagePaths.versions(s.slug), {}] },
  { name: 'GET one version', right: 'read', make: (s) => [pagePaths.version(s.slug, s.versionId), {}] },
  {
    name: 'POST restore a version',
    right: 'write',
    make: (s) => [pagePaths.versionRestore(s.slug, s.versionId), { method: 'POST' }],
  },
  {
    name: 'GET the trash',
    right: 'read',
    make: () => [trashPaths.list, {}],
    company: { elsewhere: 'own' },
    trashed: true,
  },
  {
    name: 'POST restore from the trash',
    right: 'owner',
    make: (s) => [trashPaths.restore(s.slug), { method: 'POST' }],
    trashed: true,
  },
  {
    name: 'DELETE for ever',
    right: 'owner',
    make: (s) => [trashPaths.purge(s.slug), { method: 'DELETE' }],
    trashed: true,
  },
  { name: 'GET members', right: 'read', make: () => [companyPaths.members, {}], company: { elsewhere: 'own' } },
  { name: 'GET activity', right: 'read', make: () => [companyPaths.activity, {}], company: { elsewhere: 'own' } },
  {
    name: 'POST invitation',
    right: 'owner',
    make: () => [
      companyPaths.invitations,
      { json: { email: `matrix.${crypto.randomUUID()}@example.it`, role: 'editor', fans_access: false } },
    ],
    company: { elsewhere: 'own' },
  },
  {
    name: 'DELETE invitation',
    right: 'owner',
    make: (s) => [companyPaths.invitation(s.invitationId), { method: 'DELETE' }],
    company: { elsewhere: 404 },
  },
  {
    name: 'POST accept a request',
    right: 'owner',
    make: (s) => [companyPaths.accept(s.requestId), { json: { role: 'editor', fans_access: false } }],
    company: { elsewhere: 404 },
  },
  {
    name: 'POST refuse a request',
    right: 'owner',
    make: (s) => [companyPaths.refuse(s.requestId), { method: 'POST' }],
    company: { elsewhere: 404 },
  },
  {
    name: 'PATCH a member',
    right: 'owner',
    make: (s) => [companyPaths.member(s.editorId), { method: 'PATCH', json: { role: 'viewer' } }],
    company: { elsewhere: 404 },
  },
  {
    name: 'DELETE a member',
    right: 'owner',
    make: (s) => [companyPaths.member(s.editorId), { method: 'DELETE' }],
    company: { elsewhere: 404 },
  },
];

describe('role × route matrix: history, trash and the team', () => {
  describe.each(ROUTES)('$name', (route) => {
    it.each(ACTORS)('$name', async (actor) => {
      await expectVerdict(route, actor);
    });
  });
});
