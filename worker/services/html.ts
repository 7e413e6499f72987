/**
 * Text made safe inside HTML or XML, in element content and in quoted attribute values: the five
 * characters with a meaning there (& < > " ') become entities every HTML and XML reader knows.
 * The one escaper of the Worker's hand-written markup: the e-mails, the dev mailbox, the sitemap
 * (and, through escapeXml, the RSS feed).
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// Characters XML 1.0 cannot carry at all, even escaped: C0 controls but tab and line breaks,
// U+FFFE/U+FFFF, and halves of a surrogate pair left alone.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point: an XML reader refuses the whole document over one
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text made safe in an XML document (the RSS feed): escaped, and without what XML forbids. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(NOT_XML, ''));
}
