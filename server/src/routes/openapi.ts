import type { FastifyInstance } from 'fastify';
import { openApiDocumentResponse } from '../schemas/openapi';

export default async function openapiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/openapi.json',
    {
      schema: {
        tags: ['meta'],
        summary: 'This document: OpenAPI 3, generated from the route schemas',
        response: { 200: openApiDocumentResponse },
      },
    },
    async () => app.swagger(),
  );
}
