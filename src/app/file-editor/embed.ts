import { EDITOR_TEXTS } from './texts';

/**
 * The Embed & Link card's two strings, built so that no slug or title can break out of them: the
 * slug is URL-encoded, then every attribute value is escaped for a double-quoted HTML attribute.
 * Only http(s) bases are used.
 *
 * The snippet is read by people before it is pasted, so it escapes only what the HTML parser would
 * otherwise read differently: `"` (ends the value), `<` and `>` (harmless inside quotes, escaped for
 * XML-minded tools), and `&` where it would start a character reference. An apostrophe or a lone
 * `&` ('Tom & Jerry's', 'AT&T') stay as typed.
 */

/**
 * Character references a browser decodes even without the closing semicolon (the HTML standard's
 * legacy list). Inside an attribute they count only when the next character is not a letter, digit
 * or `=`.
 */
const LEGACY_REFERENCES =
  'AElig|AMP|Aacute|Acirc|Agrave|Aring|Atilde|Auml|COPY|Ccedil|ETH|Eacute|Ecirc|Egrave|Euml|GT|Iacute|Icirc|Igrave|Iuml|LT|Ntilde|Oacute|Ocirc|Ograve|Oslash|Otilde|Ouml|QUOT|REG|THORN|Uacute|Ucirc|Ugrave|Uuml|Yacute|' +
  'aacute|acirc|acute|aelig|agrave|amp|aring|atilde|auml|brvbar|ccedil|cedil|cent|copy|curren|deg|divide|eacute|ecirc|egrave|eth|euml|frac12|frac14|frac34|gt|iacute|icirc|iexcl|igrave|iquest|iuml|laquo|lt|macr|micro|middot|nbsp|not|ntilde|' +
  'oacute|ocirc|ograve|ordf|ordm|oslash|otilde|ouml|para|plusmn|pound|quot|raquo|reg|sect|shy|sup1|sup2|sup3|szlig|thorn|times|uacute|ucirc|ugrave|uml|uuml|yacute|yen|yuml';

/** An `&` that would start a reference: `&#…`, `&name;`, or a legacy name not followed by a letter, digit or `=`. */
const REFERENCE_START = new RegExp(`&(?=#|[A-Za-z0-9]+;|(?:${LEGACY_REFERENCES})(?![A-Za-z0-9=]))`, 'g');

/** Escapes a value for a double-quoted HTML attribute, leaving everything else as typed. */
export function escapeAttribute(value: string): string {
  return value
    .replace(/\0/g, '')
    .replace(REFERENCE_START, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/**
 * The iframe snippet: full width and height, no border, fullscreen, and a title for screen readers
 * (`fallback`, in the element's language, when the file has none).
 */
export function embedSnippet(link: string, title: string, fallback: string = EDITOR_TEXTS.en.videoPlayer): string {
  const name = title.trim() || fallback;
  return `<iframe src="${escapeAttribute(link)}" width="100%" height="100%" frameborder="0" allowfullscreen title="${escapeAttribute(name)}"></iframe>`;
}
