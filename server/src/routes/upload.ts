import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isLanguageCode,
  isSubtitleExtension,
  SUB_TMP_PREFIX_LENGTH,
  SUBTITLE_EXTENSIONS,
  SUBTITLE_MAX_BYTES,
} from '../../../src/contract/subtitles';
import { toSubtitleJson, type SubtitleRow } from '../db/subtitles-repository';
import { isPlausibleSubtitle } from '../lib/subtitle-content';
import { sanitizeFileName } from '../lib/text';
import { fail, ok } from '../plugins/errors';
import { FILE_NOT_FOUND } from './files';
import { apiKeySecurity, envelope, errorResponses, subtitleSchema } from './schemas';

const SUB_TMP = new RegExp(`^[A-Za-z0-9]{${SUB_TMP_PREFIX_LENGTH}}_.{1,255}$`, 's');
const BAD_EXTENSION = `Please select a valid subtitle file (${SUBTITLE_EXTENSIONS.join(', ')})`;

/** Explicit multipart limits: @fastify/multipart's default file limit (1 MiB) is below 5 MB. */
export const UPLOAD_LIMITS = {
  files: 1,
  fileSize: SUBTITLE_MAX_BYTES,
  fields: 8,
  fieldSize: 2048,
  parts: 12,
  headerPairs: 50,
} as const;

export default async function uploadRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/sub',
    {
      onRequest: app.authenticate,
      // The body is read by request.parts() in the handler; the schema below documents it.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['subtitles'],
        summary: 'Upload a subtitle track (multipart; fields in any order; sub_tmp makes it idempotent)',
        security: apiKeySecurity,
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          required: ['subtitle_file', 'file_id', 'sub_lang'],
          properties: {
            subtitle_file: { type: 'string', format: 'binary', description: `${SUBTITLE_EXTENSIONS.join(', ')}; at most ${SUBTITLE_MAX_BYTES} bytes` },
            file_id: { type: 'integer' },
            sub_lang: { type: 'string', description: 'A code of the kit language list' },
            sub_tmp: { type: 'string', description: '16 random letters or digits, "_", the original file name: the idempotency key' },
          },
        },
        response: {
          200: envelope({ type: 'object', required: ['sub'], properties: { sub: subtitleSchema } }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const temps: string[] = [];
      let outcome: Outcome;
      try {
        outcome = await receive(app, request, temps);
      } finally {
        // Temp files are gone before the reply leaves, whatever happened.
        await Promise.all(temps.map((t) => app.store.discard(t)));
      }
      if ('error' in outcome) return fail(reply, outcome.error[0], outcome.error[1]);
      return ok('Subtitle uploaded successfully', { sub: toSubtitleJson(outcome.sub) });
    },
  );
}

type Outcome = { error: [number, string] } | { sub: SubtitleRow };

/** Streams the parts (file to a temp file), then validates and stores; `temps` collects temp paths. */
async function receive(app: FastifyInstance, request: FastifyRequest, temps: string[]): Promise<Outcome> {
  const fields = new Map<string, string>();
  let upload: { tempPath: string; fileName: string } | null = null;
  for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'subtitle_file' || upload) {
        part.file.resume();
        continue;
      }
      const tempPath = app.store.newTempPath();
      temps.push(tempPath);
      await pipeline(part.file, fs.createWriteStream(tempPath, { flags: 'wx' }));
      upload = { tempPath, fileName: part.filename ?? '' };
    } else if (typeof part.value === 'string') {
      if (part.valueTruncated) return { error: [400, `${part.fieldname} is too long`] };
      fields.set(part.fieldname, part.value);
    }
  }

  if (!upload) return { error: [400, 'Please select a subtitle file'] };
  const subName = sanitizeFileName(upload.fileName);
  if (!isSubtitleExtension(subName)) return { error: [400, BAD_EXTENSION] };
  const lang = (fields.get('sub_lang') ?? '').trim().toLowerCase();
  if (!lang || !isLanguageCode(lang)) return { error: [400, 'Please select a language'] };
  const fileIdText = (fields.get('file_id') ?? '').trim();
  if (!/^\d{1,15}$/.test(fileIdText) || Number(fileIdText) < 1) return { error: [400, 'file_id must be a positive integer'] };
  const subTmp = fields.get('sub_tmp');
  if (subTmp !== undefined && !SUB_TMP.test(subTmp)) {
    return { error: [400, 'sub_tmp must be 16 letters or digits, an underscore and the file name'] };
  }
  const file = await app.files.get(request.accountId, Number(fileIdText));
  if (!file) return { error: [404, FILE_NOT_FOUND] };

  if (subTmp !== undefined) {
    const first = await app.subtitles.findByTmp(request.accountId, subTmp);
    if (first) return { sub: first };
  }
  const bytes = await fs.promises.readFile(upload.tempPath);
  if (bytes.byteLength === 0) return { error: [400, 'The subtitle file is empty'] };
  if (!isPlausibleSubtitle(bytes)) return { error: [400, 'This file is not a subtitle file'] };

  const storageName = await app.store.put(bytes);
  const stored = await app.subtitles
    .insert({
      file_id: file.file_id,
      account_id: request.accountId,
      sub_lang: lang,
      sub_size: bytes.byteLength,
      sub_name: subName,
      storage_name: storageName,
      sub_tmp: subTmp ?? null,
      created_at: app.clock(),
    })
    .catch(async (err: unknown) => {
      await app.store.delete([storageName]); // no row points at it
      throw err;
    });
  if (!stored.created) await app.store.delete([storageName]); // a parallel duplicate won the race
  return { sub: stored.row };
}
