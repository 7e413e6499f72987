/**
 * A date's presale in the editor (docs/behaviour.md#presales-in-the-editor): the creator's
 * 'Prevendita per gli iscritti' fields, their rule before the date is added (the same
 * `presaleProblem` the save and the Worker apply), and what a list row holds.
 *
 *   $presaleDraft  the creator's presale: start and end in Europe/Rome wall-clock time (a saved
 *                  instant kept to the second while its field is unchanged), the link, the kind of
 *                  codes, the shared code, the one-time codes typed or read from a CSV (not sent
 *                  with the page: they go after its save, presale-codes.ts) and the group's
 *                  disclosure.
 *
 * On a list row (`EditorTextButton.presale`): undefined = the date never had one (the save leaves
 * the field out), null = removed (the save sends null), else the presale as loaded or set, with
 * the count of one-time codes the server holds. `presaleCodes` holds the typed codes until they
 * are sent.
 */
import { map } from 'nanostores';
import { t } from '../../core/messages';
import {
  codesCountText,
  generalSaleAt,
  PRESALE_CODES_MAX,
  type Presale,
  parseCodes,
  presaleProblem,
} from '../../core/presale';
import { romeLocalToUtc, utcToRomeLocal } from '../../core/schedule';
import type { Cta } from './core';

/** A date's presale on a list row: as stored, with the one-time codes the server holds. */
export interface EditorPresale extends Presale {
  codes: number;
}

/** One-time codes typed for a date, sent after the page's save (replace: PUT, else POST). */
export interface PendingCodes {
  text: string;
  replace: boolean;
}

export type PresaleKind = 'shared' | 'codes';

export interface PresaleDraft {
  open: boolean;
  /** 'Inizio' as a datetime-local field holds it (Europe/Rome); '' = not set */
  startsAt: string;
  endsAt: string;
  url: string;
  kind: PresaleKind;
  sharedCode: string;
  /** one-time codes to send, one a line (or a pasted CSV) */
  codesText: string;
  replace: boolean;
  /** the row's presale before this edit: its saved instants are kept, its count shown */
  before: EditorPresale | null | undefined;
}

export const emptyPresaleDraft = (): PresaleDraft => ({
  open: false,
  startsAt: '',
  endsAt: '',
  url: '',
  kind: 'codes',
  sharedCode: '',
  codesText: '',
  replace: false,
  before: undefined,
});

export const $presaleDraft = map<PresaleDraft>(emptyPresaleDraft());

export function resetPresaleDraft(): void {
  $presaleDraft.set(emptyPresaleDraft());
}

/** The creator takes a row's presale (and its codes not sent yet) for editing. */
export function editPresale(presale: EditorPresale | null | undefined, pending: PendingCodes | null | undefined): void {
  $presaleDraft.set({
    open: false,
    startsAt: presale ? utcToRomeLocal(presale.starts_at) : '',
    endsAt: presale?.ends_at ? utcToRomeLocal(presale.ends_at) : '',
    url: presale?.url ?? '',
    kind: presale?.shared_code ? 'shared' : 'codes',
    sharedCode: presale?.shared_code ?? '',
    codesText: pending?.text ?? '',
    replace: pending?.replace ?? false,
    before: presale,
  });
}

type DraftField = Exclude<keyof PresaleDraft, 'before'>;

export function setPresaleField<K extends DraftField>(key: K, value: PresaleDraft[K]): void {
  $presaleDraft.set({ ...$presaleDraft.get(), [key]: value });
}

export function togglePresale(open = !$presaleDraft.get().open): void {
  $presaleDraft.setKey('open', open);
}

/** 'Togli la prevendita': every field emptied; adding the date then removes its presale. */
export function clearPresale(): void {
  $presaleDraft.set({ ...emptyPresaleDraft(), open: true, before: $presaleDraft.get().before });
}

/** Codes read from a CSV file go under those already in the field, one a line. */
export function addCodesFromFile(text: string): ReturnType<typeof parseCodes> {
  const parsed = parseCodes(text);
  if (!parsed.problem && parsed.codes.length > 0) {
    const typed = $presaleDraft.get().codesText.trimEnd();
    $presaleDraft.setKey('codesText', [typed, ...parsed.codes].filter(Boolean).join('\n'));
  }
  return parsed;
}

/** Nothing typed in the group: the date has no presale. */
export function presaleDraftIsEmpty(d: PresaleDraft = $presaleDraft.get()): boolean {
  return ![d.startsAt, d.endsAt, d.url, d.sharedCode, d.codesText].some((v) => v.trim());
}

/** A wall-clock field as UTC: the saved instant while the field still shows it. */
function instantOf(local: string, saved: string | null | undefined): string | null {
  if (!local) return null;
  if (saved && utcToRomeLocal(saved) === local) return saved;
  return romeLocalToUtc(local);
}

/** The draft as a row's presale (null when the group is empty). */
export function presaleOfDraft(d: PresaleDraft = $presaleDraft.get()): EditorPresale | null {
  if (presaleDraftIsEmpty(d)) return null;
  return {
    starts_at: instantOf(d.startsAt, d.before?.starts_at) ?? '',
    ends_at: instantOf(d.endsAt, d.before?.ends_at),
    url: d.url.trim(),
    shared_code: d.kind === 'shared' ? d.sharedCode.trim() || null : null,
    codes: d.before?.codes ?? 0,
  };
}

/** The typed one-time codes to send after the save, or null. */
export function pendingOfDraft(d: PresaleDraft = $presaleDraft.get()): PendingCodes | null {
  if (d.kind !== 'codes' || presaleDraftIsEmpty(d) || !d.codesText.trim()) return null;
  return { text: d.codesText.trimEnd(), replace: d.replace && mayReplace(d.before) };
}

/** One-time codes may be replaced until the saved presale starts; after, only added. */
export function mayReplace(before: EditorPresale | null | undefined, now: number = Date.now()): boolean {
  return Boolean(before && before.codes > 0 && now < Date.parse(before.starts_at));
}

/** '3 codici caricati' */
export function loadedText(n: number): string {
  if (n === 0) return t('presale.editor.loadedNone');
  return n === 1 ? t('presale.editor.loadedOne') : t('presale.editor.loaded', { n });
}

/** What the typed codes come to before the save: the distinct count, repeats, the first problem. */
export function codesCheck(d: PresaleDraft = $presaleDraft.get()): {
  count: number;
  duplicates: number;
  problem: string | null;
} {
  if (d.kind !== 'codes' || !d.codesText.trim()) return { count: 0, duplicates: 0, problem: null };
  const parsed = parseCodes(d.codesText);
  const kept = d.replace && mayReplace(d.before) ? 0 : (d.before?.codes ?? 0);
  const total = kept + parsed.codes.length;
  const problem =
    parsed.problem ??
    (parsed.codes.length === 0 ? t('presale.codesEmpty') : null) ??
    (total > PRESALE_CODES_MAX ? t('presale.codesTooMany', { max: PRESALE_CODES_MAX, total }) : null);
  return { count: parsed.codes.length, duplicates: parsed.duplicates, problem };
}

/**
 * Whether the group warns that the fans will get nothing: a presale of one-time codes with none
 * loaded nor typed sends nothing until codes come (docs/behaviour.md#presales).
 */
export function draftWaitsForCodes(d: PresaleDraft = $presaleDraft.get()): boolean {
  return d.kind === 'codes' && !presaleDraftIsEmpty(d) && (d.before?.codes ?? 0) === 0 && codesCheck(d).count === 0;
}

/**
 * The draft's first broken rule, or null: the start, the shared code, the typed codes, then the
 * rule a save is held to (src/core/presale.ts) against the date's CTAs as the creator shows them.
 */
export function presaleDraftProblem(ctas: readonly Cta[], d: PresaleDraft = $presaleDraft.get()): string | null {
  const presale = presaleOfDraft(d);
  if (!presale) return null;
  if (!d.startsAt) return t('presale.editor.startMissing');
  if (!presale.starts_at || (d.endsAt && !presale.ends_at)) return t('page.instantInvalid');
  if (d.kind === 'shared') {
    if (!presale.shared_code) return t('presale.editor.sharedMissing');
    if ((d.before?.codes ?? 0) > 0) return t('presale.sharedWithCodes');
  } else {
    if (d.replace && mayReplace(d.before) && !d.codesText.trim()) return t('presale.editor.replaceEmpty');
    const codes = codesCheck(d).problem;
    if (codes) return codes;
  }
  return presaleProblem(presale, ctas);
}

/**
 * The draft as a list row's presale fields, or its first broken rule (the group opens to show
 * it). Emptied, a row that had a presale removes it (null); one that never had one stays without.
 */
export function presaleForRow(
  ctas: readonly Cta[],
  before: EditorPresale | null | undefined,
): { problem: string } | { fields: { presale?: EditorPresale | null; presaleCodes?: PendingCodes } } {
  const problem = presaleDraftProblem(ctas);
  if (problem) {
    togglePresale(true);
    return { problem };
  }
  const presale = presaleOfDraft();
  const pending = pendingOfDraft();
  return {
    fields: {
      ...(presale || before !== undefined ? { presale } : {}),
      ...(pending ? { presaleCodes: pending } : {}),
    },
  };
}

/** '12/05 10:00' in Italian time */
export function shortRome(iso: string | null): string {
  const m = /^\d{4}-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(iso ? utcToRomeLocal(iso) : '');
  return m ? `${m[2]}/${m[1]} ${m[3]}` : '';
}

/** The general sale as the end's hint names it, from the date's CTAs ('' when none has one). */
export function generalSaleText(ctas: readonly Cta[]): string {
  const at = generalSaleAt(ctas);
  return at === null ? '' : shortRome(new Date(at).toISOString());
}

/** A row's presale in a line: 'Prevendita dal 12/05 10:00 · 3 codici caricati', or null. */
export function presaleSummary(
  presale: EditorPresale | null | undefined,
  pending?: PendingCodes | null,
): string | null {
  if (!presale?.starts_at) return null;
  const when = shortRome(presale.starts_at);
  if (presale.shared_code) return t('presale.editor.summaryShared', { when });
  const typed = pending ? parseCodes(pending.text).codes.length : 0;
  const loaded = pending?.replace ? 0 : presale.codes;
  const parts: string[] = [];
  if (loaded > 0 || typed === 0) parts.push(loadedText(loaded));
  const count = codesCountText(typed);
  if (typed > 0)
    parts.push(t(pending?.replace ? 'presale.editor.pendingReplace' : 'presale.editor.pending', { count }));
  return t('presale.editor.summaryCodes', { when, codes: parts.join(', ') });
}
