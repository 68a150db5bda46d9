// Schemas of the page routes (/kit/*, the demo pages, the history fallback): hidden from the OpenAPI document.

/** Static files are streamed as they are; the schema only documents that. */
export const fileResponse = { type: 'string', description: 'A static file (HTML, CSS or JavaScript)' } as const;

/** The path after the route's prefix. */
export const restOfPathParams = { type: 'object', required: ['*'], properties: { '*': { type: 'string' } } } as const;

export const pageParams = { type: 'object', required: ['page'], properties: { page: { type: 'string' } } } as const;
