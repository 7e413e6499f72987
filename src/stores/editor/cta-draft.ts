/**
 * One CTA row of the button creator's draft (src/stores/editor/draft.ts): its label preset, its
 * link and its ticket drop ('In vendita dal' in Europe/Rome wall-clock time, its availability;
 * docs/behaviour.md#ticket-drops-in-the-editor), and the conversions between a row and the
 * list's CTA.
 */
import { t } from '../../core/messages';
import { type Availability, availabilityOf } from '../../core/on-sale';
import { romeLocalToUtc, utcToRomeLocal } from '../../core/schedule';
import type { Cta } from './core';

export const CTA_PRESETS = ['biglietti', 'tickets', 'soldout'] as const;
export type CtaPreset = (typeof CTA_PRESETS)[number] | 'custom';

export interface CtaDraft {
  rowId: string;
  url: string;
  preset: CtaPreset;
  custom: string;
  /** 'In vendita dal' as a datetime-local field holds it (Europe/Rome); '' = on sale now */
  onSaleAt: string;
  /** the saved instant (UTC) the field was filled from: kept as it is while the field is unchanged */
  savedOnSaleAt: string | null;
  availability: Availability;
}

let rowSeq = 0;
function rowId(): string {
  rowSeq += 1;
  return `cta${rowSeq}`;
}

export const emptyCta = (): CtaDraft => ({
  rowId: rowId(),
  url: '',
  preset: 'biglietti',
  custom: '',
  onSaleAt: '',
  savedOnSaleAt: null,
  availability: 'on_sale',
});

export function labelOf(c: CtaDraft): string {
  return c.preset === 'custom' ? c.custom.trim() || t('editor.cta.defaultLabel') : c.preset;
}

export function ctaFrom(cta: Cta): CtaDraft {
  const { buttonText, url } = cta;
  const lower = buttonText.trim().toLowerCase();
  const preset = (CTA_PRESETS as readonly string[]).includes(lower) ? (lower as CtaPreset) : 'custom';
  return {
    rowId: rowId(),
    url,
    preset,
    custom: preset === 'custom' ? buttonText : '',
    onSaleAt: cta.on_sale_at ? utcToRomeLocal(cta.on_sale_at) : '',
    savedOnSaleAt: cta.on_sale_at,
    availability: availabilityOf(cta),
  };
}

/**
 * The on-sale instant of a draft row (UTC): the saved one while the field still shows it (its
 * seconds, or the second of the two 02:30 of an autumn night, survive an edit of something else).
 */
function onSaleInstant(c: CtaDraft): string | null {
  if (!c.onSaleAt) return null;
  if (c.savedOnSaleAt && utcToRomeLocal(c.savedOnSaleAt) === c.onSaleAt) return c.savedOnSaleAt;
  return romeLocalToUtc(c.onSaleAt);
}

/** A draft row as the list's CTA: its label, link and ticket drop. */
export function ctaOf(c: CtaDraft): Cta {
  const buttonText = labelOf(c);
  return {
    url: c.url.trim(),
    buttonText,
    on_sale_at: onSaleInstant(c),
    availability: availabilityOf({ buttonText, availability: c.availability }),
  };
}
