import type { FastifyError } from 'fastify';

/** [status, message] for a request the client got wrong. */
export type ClientError = readonly [number, string];

const BY_CODE: Record<string, ClientError> = {
  // @fastify/multipart
  FST_REQ_FILE_TOO_LARGE: [413, 'File size must be less than 5MB'],
  FST_FILES_LIMIT: [400, 'Only one subtitle file can be uploaded at a time'],
  FST_PARTS_LIMIT: [400, 'Too many form fields'],
  FST_FIELDS_LIMIT: [400, 'Too many form fields'],
  FST_PROTO_VIOLATION: [400, 'Invalid form field name'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'The upload must be sent as multipart/form-data'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field declared as JSON is not valid JSON'],
  FST_MP_PREMATURE_CLOSE: [400, 'The upload was cut off before it ended'],
  // Fastify's own body parsers
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported Content-Type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length does not match the body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_INSTANCE_ALREADY_STARTED: [400, 'The request body is malformed'],
  FST_ERR_BAD_URL: [400, 'The request URL is malformed'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The request URL is too long'],
  // PostgreSQL refuses text it cannot store (a NUL character, bytes that are not UTF-8) that came from the request
  '22021': [400, 'The request contains a character that cannot be stored (such as NUL)'],
  '22P05': [400, 'The request contains a character that cannot be stored (such as NUL)'],
  // A race the route did not foresee: the row referred to was deleted, or another request stored the same
  // key, meanwhile. What the client asked for no longer applies; it is not the server's fault.
  '23503': [404, 'Not found: it was deleted meanwhile'],
  SQLITE_CONSTRAINT_FOREIGNKEY: [404, 'Not found: it was deleted meanwhile'],
  '23505': [409, 'Another request changed this meanwhile. Please try again.'],
  SQLITE_CONSTRAINT_UNIQUE: [409, 'Another request changed this meanwhile. Please try again.'],
  SQLITE_CONSTRAINT_PRIMARYKEY: [409, 'Another request changed this meanwhile. Please try again.'],
  // Node: the client went away or stopped sending in the middle of the body
  ECONNRESET: [400, 'The request was cut off before it ended'],
  ERR_STREAM_PREMATURE_CLOSE: [400, 'The request was cut off before it ended'],
};

/**
 * The multipart parser (busboy) throws plain Errors without a code; these are its messages for a
 * missing boundary, a body that ends before the closing boundary, and broken part headers.
 */
const MULTIPART_MESSAGES: readonly [RegExp, ClientError][] = [
  [/boundary (not found|required)/i, [400, 'The multipart body has no boundary (Content-Type: multipart/form-data; boundary=…)']],
  [/unexpected end of (multipart data|form)|terminated early/i, [400, 'The upload was cut off before it ended']],
  [/malformed part header|header size limit/i, [400, 'The multipart body is malformed']],
  [/missing content-type|unsupported content-type/i, [415, 'The upload must be sent as multipart/form-data']],
];

/**
 * What to answer for an error caused by the request itself (a parser error): a 4xx envelope instead
 * of a 500. Undefined for anything else, which stays a server error.
 */
export function clientErrorOf(error: FastifyError | Error): ClientError | undefined {
  const code = (error as FastifyError).code;
  const known = code ? BY_CODE[code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return BY_CODE.FST_ERR_CTP_INVALID_JSON_BODY;
  return MULTIPART_MESSAGES.find(([pattern]) => pattern.test(error.message))?.[1];
}
