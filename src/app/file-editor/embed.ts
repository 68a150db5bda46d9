/**
 * The Embed & Link card's two strings, built so that no slug or title can break out of them:
 * the slug is URL-encoded, then every attribute value is HTML-attribute-encoded (OWASP XSS
 * Prevention: "URL encoding, followed by HTML attribute encoding"). Only http(s) bases are used.
 */

/** Escapes a value for a double- or single-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value
    .replace(/\0/g, '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** The iframe snippet: full width and height, no border, fullscreen, and a title for screen readers (axe `frame-title`). */
export function embedSnippet(link: string, title: string): string {
  const name = title.trim() || 'Video player';
  return `<iframe src="${escapeAttribute(link)}" width="100%" height="100%" frameborder="0" allowfullscreen title="${escapeAttribute(name)}"></iframe>`;
}
