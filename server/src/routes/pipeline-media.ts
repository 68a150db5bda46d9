import type { FastifyRequest } from 'fastify';
import { isMediaKey, MediaTooLargeError } from '../media/media-store';
import { S3MediaStore } from '../media/s3-media-store';
import { sendStoredObject } from '../media/send-stored-object';
import { jobMediaRefusal, type JobMediaMethod } from '../pipeline/job-media-urls';
import { fail, ok } from '../plugins/errors';
import { errorResponses } from '../schemas/common';
import { doneReplySchema, grantQuerySchema } from '../schemas/pipeline-jobs';
import { sourceResponse } from '../schemas/pipeline';
import type { RouteApp } from '../schemas/route-types';

interface GrantQuery {
  job: number;
  attempt: number;
  key: string;
  expires: number;
  sig: string;
}

/**
 * The bytes of a job's media for a worker of the pipeline API: `GET` its source, `PUT` an output,
 * each with a URL that `POST /api/pipeline/jobs/{id}/source` or `…/uploads` signed for that one key
 * (job-media-urls.ts). The URL is the credential (as a presigned URL of a bucket is): no token header,
 * so any HTTP client can use it; it is refused (403) once expired, for another method or key, or when
 * the job's lease has ended.
 */
export default async function pipelineMediaRoutes(app: RouteApp): Promise<void> {
  // The body of a PUT is an output's bytes, streamed to the store as they come.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  /**
   * Why the URL is refused (the 403's message), or null when it holds. A message, not the reply sent:
   * a reply is a thenable, so an async function returning it would resolve to nothing, and the route
   * would go on to store the bytes of a refused URL.
   */
  async function refusal(request: FastifyRequest<{ Querystring: GrantQuery }>, method: JobMediaMethod): Promise<string | null> {
    const { sig, ...grant } = request.query;
    if (!isMediaKey(grant.key)) return 'Not a media key';
    return jobMediaRefusal(await app.jobs.leased(grant.job), method, grant, sig, app.clock());
  }

  const schema = (summary: string, response: object) => ({
    tags: ['pipeline'],
    summary,
    description:
      'Authorised by the URL itself (signed by the server for one job, attempt, method and key, until `expires`): 403 when it has expired, is for another key or method, or the job is no longer leased.',
    querystring: grantQuerySchema,
    response: { 200: response, ...errorResponses },
  });

  app.get(
    '/',
    {
      schema: {
        ...schema("A job's source, for the worker that holds the job (range requests)", sourceResponse),
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const refused = await refusal(request, 'GET');
      if (refused) return fail(reply, 403, refused);
      const { key } = request.query;
      if ((await app.media.size(key)) === null) return fail(reply, 404, 'Source not found');
      if (app.media instanceof S3MediaStore) return sendStoredObject(app.media, reply, key, { cacheControl: null });
      return reply.type('application/octet-stream').sendFile(key, app.settings.mediaDir, { cacheControl: false });
    },
  );

  app.put(
    '/',
    {
      schema: {
        ...schema("One output of a job's attempt, stored under its key (application/octet-stream)", doneReplySchema),
        consumes: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const refused = await refusal(request, 'PUT');
      if (refused) return fail(reply, 403, refused);
      try {
        await app.media.putStream(request.query.key, request.raw, app.settings.maxVideoBytes);
      } catch (err) {
        if (err instanceof MediaTooLargeError) return fail(reply, 413, `The output is larger than ${err.maxBytes} bytes`);
        throw err;
      }
      return ok('Stored');
    },
  );
}
