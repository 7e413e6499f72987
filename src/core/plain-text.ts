/**
 * One-line plain text (docs/behaviour.md#pages-and-ownership, #text-buttons-and-ctas): a page's
 * title and display title, an event's date, city and venue, a CTA's text and an image button's
 * text hold no control character: no C0 (U+0000–U+001F: NUL, tab, line feed, carriage return,
 * escape…), no DEL (U+007F), no C1 (U+0080–U+009F). Such a character is invisible or breaks the
 * line wherever the text goes: the published page, a calendar, an e-mail's subject. The editor
 * (validatePage, validateEventForm) and the Worker refuse them with the same messages, each
 * naming its field. Company names follow the same rule (src/core/company.ts).
 */
import { splitEventText } from './button-codec';
import { t, type MessageKey } from './messages';

// Unicode's category Cc is exactly these 65 characters
const CONTROL_CHARACTER = /\p{Cc}/u;

export function hasControlCharacter(value: string | null | undefined): boolean {
  return CONTROL_CHARACTER.test(String(value ?? ''));
}

/** The message of a field holding a control character, or null. */
function problem(value: string | null | undefined, key: MessageKey): string | null {
  return hasControlCharacter(value) ? t(key) : null;
}

/** A page's title, then its display title. */
export function pageTextProblem(page: { title?: string | null; display_title?: string | null }): string | null {
  return problem(page.title, 'pages.title.control') ?? problem(page.display_title, 'pages.displayTitle.control');
}

/** An event's date, city and venue as typed (the editor's form). */
export function eventPartsProblem(parts: { date: string; city: string; venue: string }): string | null {
  return (
    problem(parts.date, 'pages.date.control') ??
    problem(parts.city, 'pages.city.control') ??
    problem(parts.venue, 'pages.venue.control')
  );
}

/**
 * A button as the API receives it: a text button's date, city, venue and label (the codec's
 * parts, split before any cleaning: its separators hold no control character) and every CTA's
 * text; an image button's text.
 */
export function buttonTextProblem(button: {
  type: string;
  text?: string | null;
  cta_buttons?: ReadonlyArray<{ buttonText?: string | null }> | null;
}): string | null {
  if (button.type === 'image') return problem(button.text, 'pages.imageText.control');
  const parts = splitEventText(button.text);
  const found = eventPartsProblem(parts) ?? problem(parts.label, 'pages.label.control');
  if (found) return found;
  for (const cta of button.cta_buttons ?? []) {
    const label = problem(cta.buttonText, 'pages.label.control');
    if (label) return label;
  }
  return null;
}
