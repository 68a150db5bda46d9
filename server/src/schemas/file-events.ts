// Schemas of GET /api/files/events (server-sent events).

/** Read by the handler (an id that is not one is a 400 with its own message), so typed as any text. */
export const resumeHeaderSchema = {
  type: 'object',
  properties: { 'last-event-id': { type: 'string', description: 'Resume after this event.' } },
} as const;

export const eventStreamResponse = { type: 'string', description: 'text/event-stream' } as const;
