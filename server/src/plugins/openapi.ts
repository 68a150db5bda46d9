import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { OpenAPIV3 } from 'openapi-types';
import { webhookPayloadJsonSchema } from '../schemas/webhooks';

/** The OpenAPI document of every route's schema (served by the openapi route). */
async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'vp-admin-kit reference API',
        version: '1.0.0',
        description: 'Every JSON reply is the envelope { status: "success" | "warning" | "error", message, data? }.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-apikey' },
          bearer: { type: 'http', scheme: 'bearer' },
          pipelineToken: { type: 'apiKey', in: 'header', name: 'x-pipeline-token', description: 'VP_PIPELINE_TOKEN' },
        },
        // Not a route's: what a webhook endpoint receives (docs/api.md, Webhooks).
        // (A JsonSchema is the same object; its index signature is looser than the OpenAPI type's.)
        schemas: { WebhookPayload: webhookPayloadJsonSchema as OpenAPIV3.SchemaObject },
      },
      tags: [
        {
          name: 'pipeline',
          description:
            "For a service's own processing pipeline, instead of (or beside) the reference worker: read the files to process and report their status, server, progress, reason, images and rendition. Authenticated by the pipeline token (VP_PIPELINE_TOKEN), never by an operator's key.",
        },
        {
          name: 'keys',
          description:
            "An account's API keys for its integrations (scope read, write or upload; optional expiry): created, listed and revoked with a sign-in key only. A key outside its scope gets 403 naming the scope it needs.",
        },
        {
          name: 'webhooks',
          description:
            "An account's webhook endpoints (managed with a sign-in key only): signed POSTs of its files' changes (Standard Webhooks headers), retried on the VP_WEBHOOK_BACKOFF schedule, with a delivery log, redelivery and a test event.",
        },
        {
          name: 'analytics',
          description:
            "Cookieless view analytics, per file per UTC day. A view is one page load of the player that played at least 3 s or reached the end; watch time is the seconds actually played (a seek adds nothing). The player page sends beats to POST /api/beats (every 10 s while playing, on pause, end and page hide) with a random id of its page load; no cookie, nothing stored in the browser, no address stored, so a second page load is a new view. The kit's own players (vp_kit=1) and beats carrying an API key never count. Roll-ups are kept VP_ANALYTICS_DAYS.",
        },
      ],
    },
  });
}

export default fp(openapi, { name: 'openapi' });
