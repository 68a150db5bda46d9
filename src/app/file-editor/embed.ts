/**
 * The Embed & Link card's two strings, built so that no slug or title can break out of them:
 * the slug is URL-encoded, then every attribute value is HTML-attribute-encoded (OWASP XSS
 * Prevention: "URL encoding, followed by HTML attribute encoding"). Only http(s) bases are used.
 */

/** The URL itself when it is an absolute http(s) URL, else null (no `javascript:` or `data:`). */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Player domain + URL-encoded slug. A domain ending in '/', '=' or '#' is used as it is (it may be
 * a query such as `https://p.example/?v=`); otherwise a '/' joins the two.
 */
export function playerLink(playerDomain: string | null | undefined, slug: string): string | null {
  const base = playerDomain?.trim();
  if (!base || !httpUrlOrNull(base)) return null;
  const joiner = /[/=#]$/.test(base) ? '' : '/';
  return `${base}${joiner}${encodeURIComponent(slug)}`;
}

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
