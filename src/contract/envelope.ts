import * as v from 'valibot';

/**
 * What every JSON reply is wrapped in (docs/api.md): `{ status, message, data? }`, errors included, and
 * the pagination of a list. The kit checks every reply with it; the server writes its replies' JSON
 * schemas from it (server/src/schemas/common.ts). The keys are in the order the server writes them.
 */

/** `error` says what went wrong in `message`; `warning` did it with a remark. */
export const ENVELOPE_STATUSES = ['success', 'warning', 'error'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

export const envelopeStatusSchema = v.picklist(ENVELOPE_STATUSES);

/** The envelope of a reply whose data is `data`. */
export const envelopeSchema = <T extends v.GenericSchema>(data: T) => v.object({ status: envelopeStatusSchema, message: v.string(), data });

const integer = v.pipe(v.number(), v.integer());

/** Where a page of a list stands: the page asked for, its size, and the totals of the whole list. */
export const paginationSchema = v.object({ page: integer, limit: integer, total_records: integer, total_pages: integer });
export type Pagination = v.InferOutput<typeof paginationSchema>;
