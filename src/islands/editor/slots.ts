/**
 * Extension points of the editor for the extras (style panel, code, stats, fans, share). Each slot is null until its component
 * exists; fill it with a lazy import so it stays out of the editor's first-paint bundle:
 *
 *   customStylePanel: lazy(() => import('./extras/CustomStylePanel')),
 *
 * - customStylePanel: shown under the page form only for text mode + the Custom theme. Read and
 *   write the value through the store: useStore($form).customStyles / setCustomStyles(value)
 *   (src/stores/editor/state.ts). Props: SlotProps.
 * - codeView (admins only), statsView, fansView and historyView ('Cronologia'): the views of the
 *   view switch in edit mode.
 *   When a slot is null its tab is not offered (the fan view only beside the statistics).
 *   Props: SlotProps (slug is always set for these).
 * - shareExtras: rendered inside the public link card of a saved page (e.g. the QR code).
 * - shareEmbed: rendered after shareExtras in that card: 'Incorpora', the embed's snippets.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface SlotProps {
  /** the saved page's slug; null in create mode */
  slug: string | null;
  isAdmin: boolean;
}

export interface ShareSlotProps {
  slug: string;
  url: string;
}

type Slot<P> = LazyExoticComponent<ComponentType<P>> | ComponentType<P> | null;

export const slots: {
  customStylePanel: Slot<SlotProps>;
  codeView: Slot<SlotProps>;
  statsView: Slot<SlotProps>;
  fansView: Slot<SlotProps>;
  historyView: Slot<SlotProps>;
  shareExtras: Slot<ShareSlotProps>;
  shareEmbed: Slot<ShareSlotProps>;
} = {
  customStylePanel: lazy(() => import('./extras/StylePanel')),
  codeView: lazy(() => import('./extras/CodeView')),
  statsView: lazy(() => import('./extras/StatsView')),
  fansView: lazy(() => import('./extras/FansView')),
  historyView: lazy(() => import('./history/HistoryView')),
  shareExtras: lazy(() => import('./extras/QrCode')),
  shareEmbed: lazy(() => import('./extras/EmbedCode')),
};
