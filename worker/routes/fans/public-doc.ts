/**
 * The fans' public routes (worker/routes/fans/public.ts) in the OpenAPI document: plain HTML and
 * form routes, described by hand (docs/api.md#the-openapi-document).
 */
import { z } from '../../../src/core/zod';
import { errorAnswerSchema } from '../../../src/core/schemas/error';
import { fanSignupAnswerSchema, fanSignupSchema } from '../../../src/core/schemas/fans';
import { slugParamSchema } from '../../../src/core/schemas/params';
import type { PlainRoute } from '../../openapi';

const TAGS = ['Fans'];
const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' as const } } },
});
const tokenQuery = z.object({
  token: z
    .string()
    .meta({ description: "The token of the link the fan was e-mailed, valid under its own page's path only" }),
});
const linkRequest = { params: slugParamSchema, query: tokenQuery };
const invalidLinkAnswer = html(
  'The link is unknown, used, forged or of another page: the same bare page saying so under every path',
);

const signupRoute: PlainRoute = {
  method: 'post',
  path: '/{slug}/fans',
  tags: TAGS,
  summary: "The 'Avvisami' form of a published text page: a fan asks to hear about new dates",
  description:
    'Sent as a plain form, it answers a small HTML page with a link back to the page (200 for the sign-up ' +
    'taken). Sent by the page script with `Accept: application/json`, it answers `{detail}`, the sentence to ' +
    'show: 202 once taken. The answer is the same for a new, pending, confirmed or suppressed address; the ' +
    'confirmation e-mail leaves after it. A filled honeypot (`website`) is answered as a person and ignored. ' +
    '404 when the page is not published or has no sign-up block, 422 for a bad form, address or city, 429 ' +
    'with `Retry-After` when the network signed up too often.',
  request: {
    params: slugParamSchema,
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: fanSignupSchema },
        'multipart/form-data': { schema: fanSignupSchema },
      },
    },
  },
  responses: {
    200: html('The sign-up is taken (a plain form): check your e-mail'),
    202: {
      description: 'The sign-up is taken (the page script): check your e-mail',
      content: { 'application/json': { schema: fanSignupAnswerSchema } },
    },
    ...Object.fromEntries(
      (
        [
          [404, 'The page is not published, or takes no sign-ups'],
          [413, 'The request body is too large'],
          [422, 'The form, the address or the city is not valid'],
          [429, 'Too many sign-ups from this network; see `Retry-After`'],
        ] as const
      ).map(([status, description]) => [
        status,
        {
          description: `${description} (HTML for a plain form, \`{detail}\` for the script)`,
          content: {
            'text/html': { schema: { type: 'string' as const } },
            'application/json': { schema: errorAnswerSchema },
          },
        },
      ]),
    ),
  },
};

/** A route of an e-mailed link (`?token=`): an HTML page, or the friendly page of a bad link. */
function linkRoute(method: 'get' | 'post', path: string, summary: string, done: string): PlainRoute {
  return {
    method,
    path,
    tags: TAGS,
    summary,
    request: linkRequest,
    responses: { 200: html(done), 404: invalidLinkAnswer },
  };
}

const confirmPageRoute = linkRoute(
  'get',
  '/{slug}/fans/confirm',
  "The confirmation link's page: a button that confirms (link scanners only GET, so a GET never confirms)",
  'The page with the confirm button',
);
const confirmRoute = linkRoute(
  'post',
  '/{slug}/fans/confirm',
  'Confirms the sign-up (the button of the confirmation page)',
  'Confirmed: a page saying so',
);
const unsubscribePageRoute = linkRoute(
  'get',
  '/{slug}/fans/unsubscribe',
  "The unsubscribe link's page: 'Annulla iscrizione' and 'Cancella i miei dati', each a form",
  'The page with the two buttons',
);

const unsubscribeRoute: PlainRoute = {
  method: 'post',
  path: '/{slug}/fans/unsubscribe',
  tags: TAGS,
  summary: "Leaves the page's alerts; also RFC 8058's one-click unsubscribe of mail clients",
  description:
    'With the form field `List-Unsubscribe=One-Click` (a mail client, no person) it answers plain text: ' +
    '200 once done, 404 for a bad link. Otherwise an HTML page. Leaving twice is leaving once.',
  request: {
    ...linkRequest,
    body: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Done: an HTML page, or a line of text for a one-click unsubscribe',
      content: { 'text/html': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } } },
    },
    404: {
      description:
        'The link is unknown, used, forged or of another page: the same bare page (or text for a one-click ' +
        'unsubscribe) under every path',
      content: { 'text/html': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } } },
    },
  },
};

const erasePageRoute: PlainRoute = {
  ...unsubscribePageRoute,
  path: '/{slug}/fans/erase',
  summary: 'The same page as the unsubscribe link (the erase button posts here)',
};

const eraseRoute = linkRoute(
  'post',
  '/{slug}/fans/erase',
  "'Cancella i miei dati': deletes the address from every page, now",
  'Erased: a page saying so',
);

/** Every route of the fans' public group, as the document shows it. */
export const FANS_PUBLIC_ROUTES: PlainRoute[] = [
  signupRoute,
  confirmPageRoute,
  confirmRoute,
  unsubscribePageRoute,
  unsubscribeRoute,
  erasePageRoute,
  eraseRoute,
];
