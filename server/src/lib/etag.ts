import type { FastifyReply } from 'fastify';

/**
 * Versions as HTTP validators. Every file and subtitle row has an integer `version`, bumped by every
 * change; its strong ETag is the version in quotes. `If-Match` is compared strongly (RFC 9110 §13.1.1):
 * a weak tag or one we never issued never matches, `*` matches any existing row.
 */
export const etagOf = (version: number): string => `"${version}"`;

/** A reply that shows a file or a subtitle names its version, so the next edit can send it back as If-Match. */
export const tagged = (reply: FastifyReply, row: { version: number }): FastifyReply => reply.header('etag', etagOf(row.version));

/** Whether a row at `version` satisfies the request's precondition. */
export type Precondition = (version: number) => boolean;

/** The precondition of an `If-Match` header, or undefined when the request has none (the calls of docs/spec.md §7). */
export function ifMatch(header: string | string[] | undefined): Precondition | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '') return undefined;
  const tags = value.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return () => true;
  const versions = new Set(tags.flatMap((tag) => (/^"(\d{1,15})"$/.exec(tag) ? [Number(tag.slice(1, -1))] : [])));
  return (version) => versions.has(version);
}
