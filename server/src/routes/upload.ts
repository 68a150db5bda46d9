import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { trackFacts } from '../subtitles/track-facts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isLanguageCode,
  isSubtitleExtension,
  SUB_TMP_PREFIX_LENGTH,
  SUBTITLE_EXTENSIONS,
  SUBTITLE_MAX_BYTES,
} from '../../../src/contract/subtitles';
import { toSubtitleJson, type SubtitleRow } from '../db/subtitles-repository';
import { parseCharset } from '../subtitles/subtitle-content';
import { newStorageKey } from '../db/subtitle-store';
import { sanitizeFileName } from '../lib/text';
import { UploadSlots } from '../lib/upload-slots';
import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, errorResponses } from '../schemas/common';
import { FILE_NOT_FOUND, quotaMessage, TOO_MANY_UPLOADS } from '../schemas/messages';
import { subtitleUploadBodySchema, subtitleUploadReplySchema } from '../schemas/subtitles';

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
  const slots = new UploadSlots(app.settings.maxUploadsPerAccount);
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
        body: subtitleUploadBodySchema,
        response: { 200: subtitleUploadReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const release = slots.take(request.accountId);
      if (!release) return fail(reply, 429, TOO_MANY_UPLOADS);
      const temps: string[] = [];
      let outcome: Outcome;
      try {
        outcome = await receive(app, request, temps);
      } finally {
        // Temp files are gone before the reply leaves, whatever happened (a cut or timed-out body too).
        await Promise.all(temps.map((t) => app.store.discard(t)));
        release();
      }
      if ('error' in outcome) return fail(reply, outcome.error[0], outcome.error[1]);
      if (outcome.created)
        await app.recordActivity(request, outcome.sub.file_id, 'subtitle_add', await trackFacts(app.store, outcome.sub, outcome.bytes));
      return ok('Subtitle uploaded successfully', { sub: toSubtitleJson(outcome.sub) });
    },
  );
}

/** `bytes` (the original) when this request stored the track: the activity log hashes them. */
type Outcome = { error: [number, string] } | { sub: SubtitleRow; created: boolean; bytes?: Buffer };

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
  const named = parseCharset(fields.get('sub_charset'));
  if (named.error) return { error: [400, named.error] };
  const file = await app.files.get(request.accountId, Number(fileIdText));
  if (!file) return { error: [404, FILE_NOT_FOUND] };

  if (subTmp !== undefined) {
    const first = await app.subtitles.findByTmp(request.accountId, file.file_id, subTmp);
    if (first) return { sub: first, created: false };
  }
  const bytes = await fs.promises.readFile(upload.tempPath);
  if (bytes.byteLength === 0) return { error: [400, 'The subtitle file is empty'] };
  // Checked again, exactly (with the rendition), when the row is inserted; this early look spares
  // converting and storing what cannot stay.
  const { accountQuotaBytes } = app.settings;
  const usedBytes = await app.subtitles.usedBytes(request.accountId);
  if (usedBytes + bytes.byteLength > accountQuotaBytes) return { error: [413, quotaMessage(usedBytes, accountQuotaBytes)] };

  // The player's UTF-8 WebVTT copy, made now in a worker; refused only when no player could show the file.
  // The worker gets bytes of its own, read off the event loop, rather than a copy of `bytes` made on it.
  const rendition = await app.renditionMaker.make(await fs.promises.readFile(upload.tempPath), subName, named.charset, lang, {
    handOver: true,
  });
  if (!rendition.ok) return { error: [400, rendition.reason] };

  // Journal first, content second, row third: a crash at any point leaves nothing unaccounted for.
  const storageName = newStorageKey();
  const renditionName = newStorageKey();
  const keys = [storageName, renditionName];
  await app.storageJournal.begin(keys, app.clock());
  let kept = false;
  try {
    await app.store.put(storageName, bytes);
    await app.store.put(renditionName, rendition.content);
    const stored = await app.subtitles.insert(
      {
        file_id: file.file_id,
        account_id: request.accountId,
        sub_lang: lang,
        sub_size: bytes.byteLength,
        sub_name: subName,
        storage_name: storageName,
        sub_tmp: subTmp ?? null,
        created_at: app.clock(),
        sub_charset: rendition.charset,
        rendition_name: renditionName,
        rendition_size: rendition.content.byteLength,
      },
      accountQuotaBytes,
    );
    if ('fileGone' in stored) return { error: [404, FILE_NOT_FOUND] }; // deleted while the upload was on its way
    if ('quotaExceeded' in stored) return { error: [413, quotaMessage(stored.quotaExceeded.usedBytes, accountQuotaBytes)] };
    kept = stored.created; // not created: a parallel duplicate won the race
    return { sub: stored.row, created: stored.created, bytes };
  } finally {
    await app.storageJournal.end(keys, kept ? [] : keys);
  }
}
