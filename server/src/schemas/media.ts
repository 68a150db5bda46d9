// Schemas of the media routes: /media/<key> and /images/<name> (the rest of the path is the `*` param).

/** The key or name after the route's prefix. */
export const mediaPathParams = { type: 'object', required: ['*'], properties: { '*': { type: 'string', maxLength: 300 } } } as const;

export const mediaResponses = { 200: { type: 'string', description: 'The bytes' }, 206: { type: 'string' } } as const;

export const imageResponse = { type: 'string', description: 'SVG' } as const;
