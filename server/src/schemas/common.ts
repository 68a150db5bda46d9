import { ENVELOPE_STATUSES } from '../../../src/contract/envelope';

/** JSON schemas shared by the routes (the envelope, ids, headers); the OpenAPI document is generated from them. */

export const statusSchema = { type: 'string', enum: ENVELOPE_STATUSES } as const;

/** The envelope of every JSON reply (src/contract/envelope.ts): `{ status, message, data? }`. */
export function envelope(data?: object, description?: string) {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: ['status', 'message', ...(data ? ['data'] : [])],
    properties: { status: statusSchema, message: { type: 'string' }, ...(data ? { data } : {}) },
  } as const;
}

export const errorEnvelope = envelope(undefined, 'Error: `status` is "error" and `message` says what happened.');

/** Response schemas for the error statuses every route can return. */
export const errorResponses = { '4xx': errorEnvelope, '5xx': errorEnvelope } as const;

/**
 * A reply of CSV text (a bulk job's results, view stats): declared under `text/csv`, so the OpenAPI
 * document does not list it as JSON; Fastify sends the route's string or stream as it is.
 */
export const csvResponse = (description: string) =>
  ({ description, content: { 'text/csv': { schema: { type: 'string', description } } } }) as const;

/** The 412 of a stale If-Match: an error envelope whose data is the resource as it is now. */
export const staleResponse = (current: object) =>
  envelope(current, 'If-Match names a version that is no longer current: `data` is the current one (its ETag in the header).');

/** A row id: a positive integer JavaScript holds exactly. */
export const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/** The params (or query) schema of one required id named `name`. */
export const idParam = <N extends string>(name: N) =>
  ({
    type: 'object',
    required: [name],
    // TypeScript types a computed key as any string: the record names it again.
    properties: { [name]: idSchema } as Record<N, typeof idSchema>,
  }) as const;

export const apiKeySecurity: Array<Record<string, string[]>> = [{ apiKey: [] }, { bearer: [] }];

export const htmlResponse = { type: 'string', description: 'An HTML page.' } as const;

/** The optional precondition of edits and deletes (documented in the OpenAPI document). */
export const ifMatchHeader = {
  type: 'object',
  properties: {
    'if-match': {
      type: 'string',
      maxLength: 1000,
      description: 'The ETag the client last saw: a stale one gets 412 with the current version in data. Without it the write goes ahead.',
    },
  },
} as const;

/** `?permanent=1` of a delete (a file or a subtitle): an item of the trash goes for good. */
export const permanentQuery = { type: 'object', properties: { permanent: { type: 'integer', enum: [0, 1] } } } as const;
