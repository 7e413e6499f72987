import { specMessages } from './spec';
import { commonMessages } from './common';
import { authMessages } from './auth';
import { pagesMessages } from './pages';
import { editorMessages } from './editor';
import { adminMessages } from './admin';
import { usersScreenMessages } from './users-screen';
import { editorExtrasMessages } from './editor-extras';
import { landingMessages } from './landing';
import { requestsMessages } from './requests';

/** The whole Italian catalogue: the spec's quoted texts plus each area's own. */
export const messages = {
  ...specMessages,
  ...commonMessages,
  ...authMessages,
  ...pagesMessages,
  ...editorMessages,
  ...adminMessages,
  ...usersScreenMessages,
  ...editorExtrasMessages,
  ...landingMessages,
  ...requestsMessages,
} as const;

export type MessageKey = keyof typeof messages;

/** Looks a text up and fills its {placeholders}. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text: string = messages[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
