import { describe, expect, it } from 'vitest';
import { specMessages } from '../../src/core/messages/spec';
import { commonMessages } from '../../src/core/messages/common';
import { authMessages } from '../../src/core/messages/auth';
import { pagesMessages } from '../../src/core/messages/pages';
import { editorMessages } from '../../src/core/messages/editor';
import { adminMessages } from '../../src/core/messages/admin';
import { usersScreenMessages } from '../../src/core/messages/users-screen';
import { editorExtrasMessages } from '../../src/core/messages/editor-extras';
import { landingMessages } from '../../src/core/messages/landing';
import { requestsMessages } from '../../src/core/messages/requests';

describe('catalogue areas', () => {
  it('never define the same key twice (a later area would silently win)', () => {
    const seen = new Map<string, string>();
    const areas = {
      specMessages,
      commonMessages,
      authMessages,
      pagesMessages,
      editorMessages,
      adminMessages,
      usersScreenMessages,
      editorExtrasMessages,
      landingMessages,
      requestsMessages,
    };
    for (const [area, texts] of Object.entries(areas)) {
      for (const key of Object.keys(texts)) {
        expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });
});
