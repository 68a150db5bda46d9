import type { FastifyInstance } from 'fastify';

export default async function openapiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/openapi.json',
    {
      schema: {
        tags: ['meta'],
        summary: 'This document: OpenAPI 3, generated from the route schemas',
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async () => app.swagger(),
  );
}
