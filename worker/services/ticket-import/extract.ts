/**
 * The schema.org events of a ticket page's body (docs/behaviour.md#what-is-read): JSON-LD first
 * (every `<script type="application/ld+json">`, each parsed on its own, so a broken one beside a
 * good one costs only itself), Microdata as the fallback. The HTML is read with the Workers
 * runtime's own streaming parser, HTMLRewriter: nothing is run, nothing is fetched.
 */
import type { ReadEvent } from '../../../src/core/ticket-import';
import { EVENTS_MAX, eventsOfJsonLd } from './jsonld';

type Json = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(
      text
        .replace(/^\uFEFF/, '')
        .trim()
        .replace(/^<!--|-->$/g, ''),
    ) as unknown;
  } catch {
    return undefined;
  }
}

const JSON_LD = /^application\/ld\+json\b/i;

/** The attribute a Microdata property takes its value from, by element (else its text). */
const VALUE_ATTRIBUTE: Record<string, string> = {
  meta: 'content',
  a: 'href',
  link: 'href',
  area: 'href',
  img: 'src',
  source: 'src',
  iframe: 'src',
  time: 'datetime',
  data: 'value',
  meter: 'value',
};

/** The attribute holding the property's value: by the element's kind, else a `content` one. */
function valueAttribute(el: Element): string | null {
  const named = VALUE_ATTRIBUTE[el.tagName.toLowerCase()];
  if (named && el.hasAttribute(named)) return named;
  return el.hasAttribute('content') ? 'content' : null;
}

interface Collected {
  scripts: string[];
  /** Microdata items at the top (not a property of another item) */
  items: Json[];
}

/** One pass over the HTML: the JSON-LD scripts' texts and the Microdata items. */
async function collect(html: string): Promise<Collected> {
  const scripts: string[] = [];
  const items: Json[] = [];
  let script: string[] | null = null;
  // the open items (innermost last) and the open text properties, each with its item
  const scopes: Json[] = [];
  const texts: { item: Json; name: string; parts: string[] }[] = [];

  const assign = (item: Json, name: string, value: unknown) => {
    for (const prop of name.split(/\s+/).filter(Boolean)) {
      const key = prop.replace(/^.*[/#]/, '');
      const had = item[key];
      item[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
  };

  const rewriter = new HTMLRewriter()
    .on('script', {
      element(el) {
        if (!JSON_LD.test((el.getAttribute('type') ?? '').trim())) return;
        const parts: string[] = [];
        script = parts;
        el.onEndTag(() => {
          scripts.push(parts.join(''));
          script = null;
        });
      },
      text(chunk) {
        script?.push(chunk.text);
      },
    })
    .on('[itemscope], [itemprop]', {
      element(el) {
        const prop = el.getAttribute('itemprop');
        const owner = scopes.at(-1);
        if (el.hasAttribute('itemscope')) {
          const item: Json = {};
          const type = el.getAttribute('itemtype');
          if (type) item['@type'] = type.split(/\s+/).filter(Boolean);
          if (prop && owner) assign(owner, prop, item);
          else if (items.length < EVENTS_MAX * 4) items.push(item);
          try {
            el.onEndTag(() => void scopes.pop());
            scopes.push(item);
          } catch {
            // a void element cannot open a scope that holds anything
          }
          return;
        }
        if (!prop || !owner) return;
        const attribute = valueAttribute(el);
        if (attribute) {
          assign(owner, prop, el.getAttribute(attribute) ?? '');
          return;
        }
        const open = { item: owner, name: prop, parts: [] as string[] };
        try {
          el.onEndTag(() => {
            texts.splice(texts.indexOf(open), 1);
            assign(open.item, open.name, open.parts.join(''));
          });
          texts.push(open);
        } catch {
          assign(owner, prop, '');
        }
      },
    })
    .onDocument({
      text(chunk) {
        for (const open of texts) open.parts.push(chunk.text);
      },
    });
  await rewriter.transform(new Response(html, { headers: { 'content-type': 'text/html' } })).arrayBuffer();
  return { scripts, items };
}

/** Every event the body holds, at most EVENTS_MAX; `pageUrl` makes relative links absolute. */
export async function extractEvents(body: string, kind: 'html' | 'json', pageUrl: string): Promise<ReadEvent[]> {
  if (kind === 'json') return eventsOfJsonLd(parseJson(body), pageUrl);
  const { scripts, items } = await collect(body);
  const events: ReadEvent[] = [];
  for (const text of scripts) eventsOfJsonLd(parseJson(text), pageUrl, events);
  if (events.length > 0) return events;
  return eventsOfJsonLd(items, pageUrl);
}
