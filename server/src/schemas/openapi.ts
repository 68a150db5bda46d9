// Schema of GET /api/openapi.json.

/** The OpenAPI document, written as generated (every key kept). */
export const openApiDocumentResponse = { type: 'object', additionalProperties: true } as const;
