/**
 * Text made safe inside HTML or XML, in element content and in quoted attribute values: the five
 * characters with a meaning there (& < > " ') become entities every HTML and XML reader knows.
 * The one escaper of the Worker's hand-written markup: the e-mails, the dev mailbox, the sitemap.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
