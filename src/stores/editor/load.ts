// From the server to the form: a saved page loaded for editing (a sidebar click, or the fresh
// copy after an update), and back to an empty form for a new page.
import { t } from '../../core/messages';
import { availabilityOf } from '../../core/on-sale';
import { utcToRomeLocal } from '../../core/schedule';
import { pageModeOf } from '../../core/page-validation';
import { errorText } from '../../lib/api';
import {
  $buttons,
  $editing,
  $editorView,
  $form,
  $loadedPage,
  $loadingPage,
  $slugTouched,
  type EditorButton,
  emptyForm,
  kindOfPath,
  markClean,
  newKey,
  revokeAllPreviews,
} from './state';
import { isStorePath } from '../../core/store-badges';
import { type ButtonAsReceived, type Cta, decodeEventText, type PageAsReceived } from './core';
import { clearScheduledAlerts, showScheduled } from './fans';
import { notify } from './notice';
import { fetchPage } from './pages';
import { $duplicateError } from './validation';

/**
 * A saved button as the editor holds it. A text button's event text is decoded into date, city
 * and venue; one without a call-to-action list gets one from its own link and the label the
 * text carries (or the default label).
 */
export function buttonFromReceived(b: ButtonAsReceived): EditorButton {
  if (b.type === 'image') {
    const path = b.image_path ?? '';
    return {
      key: newKey(),
      id: b.id,
      type: 'image',
      image: path,
      previewImage: null,
      imageFile: null,
      isStoreImage: isStorePath(path),
      url: b.url ?? '',
      uploading: false,
      clickCount: b.click_count ?? 0,
    };
  }
  const { date: data, city, venue, label } = decodeEventText(b.text);
  const ctas: Cta[] =
    b.cta_buttons && b.cta_buttons.length > 0
      ? b.cta_buttons.map((c) => {
          const buttonText = c.buttonText || t('editor.cta.defaultLabel');
          // the ticket drop travels with the CTA, so a save gives it back as it came
          return {
            url: c.url ?? '',
            buttonText,
            on_sale_at: c.on_sale_at ?? null,
            availability: availabilityOf({ buttonText, availability: c.availability }),
          };
        })
      : [
          {
            url: b.url ?? '',
            buttonText: label || t('editor.cta.defaultLabel'),
            on_sale_at: null,
            availability: availabilityOf({ buttonText: label }),
          },
        ];
  return {
    key: newKey(),
    id: b.id,
    type: 'text',
    data,
    city,
    venue,
    ctaButtons: ctas,
    clickCount: b.click_count ?? 0,
    // the presale as loaded, so a save gives it back (docs/behaviour.md#presales-in-the-editor)
    ...(b.presale ? { presale: { ...b.presale } } : {}),
    // the ticket page it came from and what it now says (docs/behaviour.md#keeping-up-with-the-ticket-page)
    ...(b.ticket_source
      ? { ticketSource: { url: b.ticket_source.url, change: b.ticket_source.change, stopped: b.ticket_source.stopped } }
      : {}),
  };
}

/** custom_styles as stored: an object, a JSON text of one, or nothing. */
function parseCustomStyles(value: unknown): Record<string, unknown> | null {
  if (!value) return null;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/** Puts a saved page into the form, in edit mode, with nothing left to save. */
export function applyPage(page: PageAsReceived): void {
  revokeAllPreviews();
  const sorted = [...page.buttons].sort((a, b) => a.position - b.position);
  $form.set({
    title: page.title ?? '',
    slug: page.folder_name,
    mode: pageModeOf({ mode: page.mode, buttons: sorted }),
    style: page.style ?? 'light',
    customStyles: parseCustomStyles(page.custom_styles),
    header: page.header ?? '',
    headerFile: null,
    headerPreview: '',
    headerKind: page.header ? kindOfPath(page.header) : null,
    headerPoster: page.header_poster ?? '',
    posterFile: null,
    showPast: page.show_past === true,
    // on unless the page says off (an answer without the field is an older page: on)
    fanSignup: page.fan_signup !== false,
    saleReminder: page.sale_reminder !== false,
    visibleFrom: page.visible_from ? utcToRomeLocal(page.visible_from) : '',
    visibleUntil: page.visible_until ? utcToRomeLocal(page.visible_until) : '',
  });
  $buttons.set(sorted.map(buttonFromReceived));
  $editing.set({ slug: page.folder_name, id: page.id, company: page.company, visible: page.visible });
  $loadedPage.set(page);
  $slugTouched.set(true);
  markClean();
}

/** A click on a sidebar entry: loads the page fresh from the server into the form, in edit mode. */
export async function loadPageForEdit(slug: string): Promise<boolean> {
  $loadingPage.set(slug);
  try {
    const page = await fetchPage(slug);
    applyPage(page);
    $editorView.set('edit');
    notify('success', t('success.pageLoaded'));
    // an alert still in its grace delay shows its notice again (the page's answer carries it)
    showScheduled(slug, page.fan_alerts ?? []);
    return true;
  } catch (err) {
    notify('error', errorText(err));
    return false;
  } finally {
    $loadingPage.set(null);
  }
}

/** An empty form in create mode. */
export function resetEditor(): void {
  revokeAllPreviews();
  $form.set(emptyForm());
  $buttons.set([]);
  $editing.set(null);
  $loadedPage.set(null);
  $slugTouched.set(false);
  $editorView.set('edit');
  $duplicateError.set(null);
  clearScheduledAlerts();
  markClean();
}
