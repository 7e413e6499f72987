import { adminMessages } from './admin';
import { apiReferenceMessages } from './api-reference';
import { authMessages } from './auth';
import { commonMessages } from './common';
import { dropsMessages } from './drops';
import { dropsMailMessages } from './drops-mail';
import { dropsEditorMessages } from './drops-editor';
import { editorMessages } from './editor';
import { embedMessages } from './embed';
import { editorExtrasMessages } from './editor-extras';
import { editorHistoryMessages } from './editor-history';
import { editorImportMessages } from './editor-import';
import { editorMediaMessages } from './editor-media';
import { editorUploadMessages } from './editor-upload';
import { fansEditorMessages } from './fans-editor';
import { fansMailMessages } from './fans-mail';
import { fansPublicMessages } from './fans-public';
import { guardMessages } from './guard';
import { historyMessages } from './history';
import { landingMessages } from './landing';
import { mailMessages } from './mail';
import { membersMessages } from './members';
import { navigationMessages } from './navigation';
import { pagesMessages } from './pages';
import { presaleMessages } from './presale';
import { presaleEditorMessages } from './presale-editor';
import { presaleFansMessages } from './presale-fans';
import { presaleMailMessages } from './presale-mail';
import { presalePublicMessages } from './presale-public';
import { ticketEventsMessages } from './ticket-events';
import { ticketImportMessages } from './ticket-import';
import { ticketImportEditorMessages } from './ticket-import-editor';
import { ticketSourcesMessages } from './ticket-sources';
import { requestsMessages } from './requests';
import { siteMessages } from './site';
import { statsMessages } from './stats';
import { teamMessages } from './team';
import { teamScreenMessages } from './team-screen';
import { tourMessages } from './tour';
import { trashMessages } from './trash';
import { usersScreenMessages } from './users-screen';

/**
 * The whole Italian catalogue, one file per area. A key lives in exactly one area (a test
 * checks it); texts quoted verbatim from the product specification sit in their area under a
 * comment that says so.
 */
export const messages = {
  ...commonMessages,
  ...navigationMessages,
  ...guardMessages,
  ...authMessages,
  ...mailMessages,
  ...siteMessages,
  ...pagesMessages,
  ...editorMessages,
  ...editorExtrasMessages,
  ...editorImportMessages,
  ...editorMediaMessages,
  ...editorUploadMessages,
  ...statsMessages,
  ...adminMessages,
  ...usersScreenMessages,
  ...landingMessages,
  ...requestsMessages,
  ...fansPublicMessages,
  ...fansMailMessages,
  ...fansEditorMessages,
  ...tourMessages,
  ...embedMessages,
  ...dropsMessages,
  ...dropsMailMessages,
  ...dropsEditorMessages,
  ...apiReferenceMessages,
  ...teamMessages,
  ...trashMessages,
  ...historyMessages,
  ...membersMessages,
  ...editorHistoryMessages,
  ...teamScreenMessages,
  ...presaleMessages,
  ...presalePublicMessages,
  ...presaleMailMessages,
  ...presaleEditorMessages,
  ...presaleFansMessages,
  ...ticketImportMessages,
  ...ticketEventsMessages,
  ...ticketImportEditorMessages,
  ...ticketSourcesMessages,
} as const;

export type MessageKey = keyof typeof messages;

/** Looks a text up and fills its {placeholders}. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text: string = messages[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
