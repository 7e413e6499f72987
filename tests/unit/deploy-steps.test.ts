// The deployment steps (docs/operations.md#deploy) name every resource wrangler.toml binds and
// every secret worker/env.ts reads, so a binding added without its step fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Keys whose value names something that must exist in the account (or be set) for a deploy. */
const RESOURCE_KEYS = new Set(['binding', 'database_name', 'bucket_name', 'queue', 'dead_letter_queue', 'index_name']);

/** Every resource name wrangler.toml holds: bindings and what they point to, vars, Cron Triggers. */
function namesInWrangler(config: Record<string, unknown>): string[] {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (RESOURCE_KEYS.has(key) && typeof inner === 'string') names.add(inner);
        else if (key !== 'vars') walk(inner);
      }
    }
  };
  walk(config);
  for (const name of Object.keys((config.vars as Record<string, unknown> | undefined) ?? {})) names.add(name);
  const triggers = config.triggers as { crons?: string[] } | undefined;
  for (const cron of triggers?.crons ?? []) names.add(cron);
  return [...names];
}

/** The members `Bindings` of worker/env.ts writes out itself: the secrets, and the queues it types. */
function namesInEnv(source: string): string[] {
  const body = /export interface Bindings\b[^{]*\{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!body) throw new Error('no Bindings interface in worker/env.ts');
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\??:/gm)].map((m) => m[1]!);
}

/** The text of a level-2 section of a Markdown file, up to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section '${heading}'`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/**
 * The names `steps` leaves out: a name counts when an inline code span is exactly it, or a line
 * of a code block holds it as a word of its own (so `palco-fans` is not `palco-fans-dead`).
 */
function missingFrom(steps: string, names: readonly string[]): string[] {
  const fences = [...steps.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const prose = steps.replace(/```[^\n]*\n[\s\S]*?```/g, '');
  const spans = new Set([...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim()));
  const words = new Set(fences.flatMap((block) => block.split(/[\s"'=]+/)));
  return names.filter((name) => !spans.has(name) && !words.has(name));
}

const wrangler = parse(read('wrangler.toml')) as Record<string, unknown>;
const steps = section(read('docs/operations.md'), 'Deploy');

describe('the deployment steps', () => {
  it('name every binding, database, bucket, queue, dead-letter queue, var and Cron Trigger of wrangler.toml', () => {
    const names = namesInWrangler(wrangler);
    // what this project binds today, so the reading of wrangler.toml cannot silently find nothing
    expect(names).toEqual(
      expect.arrayContaining([
        'DB',
        'palco',
        'BUCKET',
        'palco-media',
        'ASSETS',
        'COUNTS',
        'palco-counts',
        'palco-counts-dead',
        'FANS',
        'palco-fans',
        'palco-fans-dead',
        'MAIL_FROM',
        '17 * * * *',
        '* * * * *',
      ]),
    );
    expect(missingFrom(steps, names)).toEqual([]);
  });

  it('name every secret and binding worker/env.ts writes out', () => {
    const names = namesInEnv(read('worker/env.ts'));
    expect(names).toEqual(expect.arrayContaining(['JWT_SECRET', 'RESEND_API_KEY', 'RESEND_WEBHOOK_SECRET', 'MAILER']));
    expect(missingFrom(steps, names)).toEqual([]);
  });

  it('a binding added without its step is caught', () => {
    const more = parse(
      `${read('wrangler.toml')}\n[[kv_namespaces]]\nbinding = "SESSIONS"\nid = "x"\n\n[[queues.producers]]\nbinding = "FANS"\nqueue = "palco-fans-slow"\n`,
    ) as Record<string, unknown>;
    expect(missingFrom(steps, namesInWrangler(more))).toEqual(expect.arrayContaining(['SESSIONS', 'palco-fans-slow']));
    // a step in prose that only mentions the name in passing does not count either
    expect(missingFrom('the palco-fans-slow queue', ['palco-fans-slow'])).toEqual(['palco-fans-slow']);
    expect(missingFrom('`palco-fans`', ['palco-fans-dead'])).toEqual(['palco-fans-dead']);
  });
});
