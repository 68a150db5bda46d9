import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileRow } from '../db/files';
import { escapeHtml } from '../lib/text';
import { nullWhenGone } from '../db/subtitle-store';
import { DOWNLOAD_EXTENSIONS, DOWNLOAD_NAMES } from '../media/download-media';
import { MEDIA_IMAGE_PREFIX, ownFolderOf } from '../media/file-media';
import { sendDownload } from '../plugins/send-media';
import { fileStatusLabel, isCompleted, isFailed } from '../../../src/contract/file-status';
import { mediaUrl, page, playerPage } from '../player/player-page';
import { storyboardVtt } from '../player/storyboard-vtt';
import {
  assetParams,
  downloadResponses,
  grantQuery,
  grantReplySchema,
  playerPageResponses,
  slugParams,
  trackParams,
  webVttResponses,
} from '../schemas/player';
import { VIDEO_DELETED } from '../schemas/messages';
import { fail, ok } from '../plugins/errors';
import { errorResponses } from '../schemas/common';
import type { RouteApp } from '../schemas/route-types';
import { readPlayerParams } from '../../../src/contract/player-params';
import { readChapters } from '../../../src/subtitle-text/chapters';
import { frameAncestors, framingSite, mediaRefusal, pageRefusal } from '../player/player-access-check';
import { mediaCredentialRefusal, pageLink } from '../player/signed-access';
import { isRefusal, newPageLoad, sign, verify } from '../player/signed-links';
import { signedRefusalMessage, siteRefusalMessage, refusalText, viewerLanguage, type Refusal } from '../player/refusal-texts';
import { KIT_PREVIEW_PARAM } from '../../../src/contract/view-beats';

const NOT_AVAILABLE = 'This video is not available';
export const DOWNLOAD_NOT_AVAILABLE = 'This video cannot be downloaded';
/**
 * The player is meant to be embedded: any origin may frame it (and nothing else is allowed in). Its
 * one script is the player bundle; hls.js plays through Media Source Extensions, whose media URL is a
 * `blob:` (media-src), and transmuxes in a worker it starts from a `blob:` (worker-src); it fetches the
 * playlists and segments (connect-src).
 */
const PLAYER_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; media-src 'self' blob:; worker-src blob:; " +
  "style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ";

/** `ancestors`: who may frame it, as a file's player access says (player-access-check.ts, frameAncestors). */
function embeddable(reply: FastifyReply, ancestors = '*'): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply
    .header('content-security-policy', PLAYER_CSP + ancestors)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'no-cache');
}

/** A file plays once Completed with a rendition; before that (or after a failure) the page says where it is. */
const playable = (file: FileRow): boolean => isCompleted(file.file_status) && file.file_rendition !== null;

/** What a visitor reads instead of a dead play button. */
function processingMessage(file: FileRow): string {
  const step = fileStatusLabel(file.file_status);
  if (isFailed(file.file_status)) {
    return `This video could not be processed (${step})`;
  }
  return `Processing… (${step})`;
}

export default async function playerRoutes(app: RouteApp): Promise<void> {
  /** The file a slug names, when its media may be served: active and not in the trash. */
  const publicFile = async (slug: string) => {
    const found = await app.files.getBySlug(slug);
    return found?.is_active && found.deleted_at === null ? found : undefined;
  };

  /** A track's or storyboard's check of the file's player access: null when it may be served, else the 403's message. */
  const mediaCheck = async (request: FastifyRequest, fileId: number): Promise<string | null> => {
    const access = await app.playerAccess(fileId);
    const refused = mediaRefusal(access, request, app.settings.playerOwnOrigins);
    if (refused) return siteRefusalMessage(refused);
    const unsigned = access.signed && mediaCredentialRefusal(app.settings, request, fileId, app.clock() / 1000);
    return unsigned ? signedRefusalMessage(unsigned) : null;
  };

  /** A playback grant of one page load, living VP_PLAYBACK_GRANT_SECONDS from `nowSeconds`. */
  const newGrant = (fileId: number, pageLoad: string, site: string, nowSeconds: number, pageTime = nowSeconds): string =>
    sign(app.settings.signingSecrets[0]!, 'grant', {
      f: fileId,
      l: pageLoad,
      s: site,
      p: Math.floor(pageTime),
      e: Math.floor(nowSeconds) + app.settings.playbackGrantSeconds,
    });

  const hasStoryboard = (file: FileRow): boolean =>
    Boolean(file.file_slide?.startsWith(MEDIA_IMAGE_PREFIX) && file.file_duration && file.file_width && file.file_height);

  app.get(
    '/:slug',
    {
      schema: {
        tags: ['player'],
        summary:
          "Public player page of an active file (frameable from any origin): plays the HLS rendition once the file is Completed, shaped by the query parameters start (83, 1:23 or 1m23s), autoplay (implies muted), muted, loop, controls=0, subtitles=<language the file has> and title=0 (a value that does not parse is ignored); 410 while the file is in the trash or after it was purged; a renamed file's old slug redirects (301, with its query) while it is held",
        params: slugParams,
        produces: ['text/html'],
        response: playerPageResponses,
      },
    },
    async (request, reply) => {
      embeddable(reply).type('text/html; charset=utf-8');
      /** The page that says why it does not play, in the viewer's language (framable anywhere, so it is read). */
      const refuse = (refusal: Refusal) => {
        const language = viewerLanguage(request);
        const text = escapeHtml(refusalText(refusal, language));
        return reply.code(403).send(page(text, `<div class="still"><p role="alert">${text}</p></div>`, '', language));
      };
      // Read from the raw query, not a schema: a parameter that does not parse is ignored, never a 400.
      const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '');
      const found = await app.files.getBySlug(request.params.slug);
      if (!found) {
        // An old slug, still held for its account: a renamed file's embeds follow it; a purged one's are gone.
        const hold = await app.files.slugHold(request.params.slug, app.clock());
        const target = hold ? await app.files.getAny(hold.file_id) : undefined;
        if (target && target.deleted_at === null)
          return reply.redirect(`/player/${encodeURIComponent(target.file_slug)}${query.size ? `?${query}` : ''}`, 301);
        if (hold) return reply.code(410).send(page(VIDEO_DELETED, `<p>${VIDEO_DELETED}</p>`));
      }
      if (found?.deleted_at != null) return reply.code(410).send(page(VIDEO_DELETED, `<p>${VIDEO_DELETED}</p>`));
      const file = found?.is_active ? found : undefined;
      if (!file) return reply.code(404).send(page(NOT_AVAILABLE, `<p>${NOT_AVAILABLE}</p>`));
      const access = await app.playerAccess(file.file_id);
      if (pageRefusal(access, request, app.settings.playerOwnOrigins)) return refuse('site');
      // A signed file opens from a valid link only, and its player gets a grant of this page load.
      let grant: string | undefined;
      if (access.signed) {
        const link = pageLink(app.settings, request, file.file_id, app.clock() / 1000);
        if ('refusal' in link) return refuse(link.refusal);
        grant = newGrant(file.file_id, newPageLoad(), framingSite(request, app.settings.playerOwnOrigins) ?? '', app.clock() / 1000);
      }
      embeddable(reply, frameAncestors(access, app.settings.playerOwnOrigins));
      if (!playable(file)) {
        // No poster (a frame with a play button would look playable); the page looks again every 10 s,
        // so a visitor waiting for the video sees it play once it is ready.
        return reply.send(
          page(
            file.file_title,
            `<h1>${escapeHtml(file.file_title)}</h1>\n<div class="still"><p role="status">${escapeHtml(processingMessage(file))}</p></div>`,
            '\n<meta http-equiv="refresh" content="10">',
          ),
        );
      }
      const subtitles = (await app.subtitles.listPublic(file.file_id)).filter((s) => s.rendition_name !== null);
      const chaptersTrack = subtitles.find((s) => s.track_kind === 'chapters');
      const chaptersText = chaptersTrack ? await app.store.get(chaptersTrack.rendition_name!).catch(nullWhenGone) : null;
      const chapters = chaptersText ? readChapters(chaptersText.toString('utf8')) : [];
      // The kit's own previews mark themselves: their playback is never a view (issue 41).
      const beats = !query.has(KIT_PREVIEW_PARAM);
      // The download button only while the file may be downloaded and its MP4 is stored (decision D67).
      const download = file.download_video_bytes !== null && (await app.files.downloadsAllowed(file.file_id)) === true;
      return reply.send(
        playerPage(
          file,
          subtitles,
          readPlayerParams(query),
          hasStoryboard(file),
          beats,
          app.settings.mediaPublicUrl,
          grant,
          download,
          chapters,
        ),
      );
    },
  );

  app.post(
    '/:slug/grant',
    {
      schema: {
        tags: ['player'],
        summary:
          "Renews a signed page's playback grant (?grant=): its player calls it while the page is open, so a film started before the link expired plays on; accepted up to VP_PLAYBACK_GRANT_MAX_HOURS after the page opened, even when the grant itself has lapsed (a long pause)",
        params: slugParams,
        querystring: grantQuery,
        response: { 200: grantReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const file = await publicFile(request.params.slug);
      if (!file) return fail(reply, 404, NOT_AVAILABLE);
      const now = app.clock() / 1000;
      // Any expiry: a paused player's grant may have lapsed; the page load's age is the bound.
      const claims = verify(app.settings.signingSecrets, 'grant', request.query.grant, file.file_id, -Infinity);
      if (isRefusal(claims)) return fail(reply, 403, signedRefusalMessage(claims));
      if (claims.p + app.settings.playbackGrantMaxSeconds <= now)
        return fail(reply, 403, signedRefusalMessage({ refusal: 'expired', why: 'the page was opened too long ago; open the link again' }));
      const grant = newGrant(file.file_id, claims.l, claims.s, now, claims.p);
      return ok('Grant renewed', {
        grant,
        expires_at: new Date((Math.floor(now) + app.settings.playbackGrantSeconds) * 1000).toISOString(),
      });
    },
  );

  app.get(
    '/assets/:name',
    {
      schema: {
        tags: ['player'],
        summary:
          "The player page's script (player.js: media-chrome and hls.js) and the <vp-embed> element (embed.js), built by npm run build; readable from any origin (a module script is fetched with CORS)",
        params: assetParams,
        produces: ['text/javascript'],
      },
    },
    async (request, reply) =>
      reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .sendFile(request.params.name, app.settings.playerDir, { cacheControl: false })
        .header('cache-control', 'no-cache'),
  );

  for (const kind of ['video', 'audio'] as const) {
    const extension = DOWNLOAD_EXTENSIONS[kind];
    app.get(
      `/:slug/download.${extension}`,
      {
        schema: {
          tags: ['player'],
          summary:
            kind === 'video'
              ? "The file's MP4 (its top rung, +faststart) as an attachment named <slug>.mp4, with range requests, when the file may be downloaded (its own setting, else its account's); the player page's access rules apply (sites, signed links); 404 when not allowed or not made yet"
              : "The file's audio-only M4A as an attachment named <slug>.m4a, as its MP4: range requests, the player page's access rules, 404 when not allowed or absent (a video without sound has none)",
          params: slugParams,
          produces: [kind === 'video' ? 'video/mp4' : 'audio/mp4'],
          response: downloadResponses,
        },
      },
      async (request, reply) => {
        const file = await publicFile(request.params.slug);
        const bytes = kind === 'video' ? file?.download_video_bytes : file?.download_audio_bytes;
        const folder = file && ownFolderOf(file.file_id, file.file_rendition);
        if (!file || !folder || typeof bytes !== 'number' || !(await app.files.downloadsAllowed(file.file_id)))
          return fail(reply.header('cache-control', 'no-store'), 404, DOWNLOAD_NOT_AVAILABLE);
        const refused = await mediaCheck(request, file.file_id);
        if (refused) return fail(reply.header('cache-control', 'no-store'), 403, refused);
        return sendDownload(app, reply, `${folder}${DOWNLOAD_NAMES[kind]}`, `${file.file_slug}.${extension}`);
      },
    );
  }

  app.get(
    '/:slug/storyboard.vtt',
    {
      schema: {
        tags: ['player'],
        summary: "The storyboard sprite's tiles as a WebVTT thumbnails track",
        params: slugParams,
        produces: ['text/vtt'],
        response: webVttResponses,
      },
    },
    async (request, reply) => {
      embeddable(reply);
      const file = await publicFile(request.params.slug);
      const refused = file && (await mediaCheck(request, file.file_id));
      if (refused) return fail(reply.header('cache-control', 'no-store'), 403, refused);
      if (!file || !hasStoryboard(file))
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page(NOT_AVAILABLE, `<p>${NOT_AVAILABLE}</p>`));
      const spriteUrl = mediaUrl(app.settings.mediaPublicUrl, file.file_slide!.slice(MEDIA_IMAGE_PREFIX.length));
      return reply.type('text/vtt; charset=utf-8').send(storyboardVtt(spriteUrl, file.file_duration!, file.file_width!, file.file_height!));
    },
  );

  app.get(
    '/:slug/subtitles/:track',
    {
      schema: {
        tags: ['player'],
        summary: 'A subtitle track as UTF-8 WebVTT, whatever its format and encoding (the rendition made at upload)',
        params: trackParams,
        produces: ['text/vtt'],
        response: webVttResponses,
      },
    },
    async (request, reply) => {
      embeddable(reply);
      const file = await publicFile(request.params.slug);
      const refused = file && (await mediaCheck(request, file.file_id));
      if (refused) return fail(reply.header('cache-control', 'no-store'), 403, refused);
      const trackId = Number.parseInt(request.params.track, 10);
      const rendition = async () => {
        const sub = file ? await app.subtitles.getPublic(file.file_id, trackId) : undefined;
        return sub?.rendition_name ? app.store.get(sub.rendition_name).catch(nullWhenGone) : null;
      };
      // Gone between the two reads: an encoding change replaced it (read the row again) or a purge.
      const vtt = (await rendition()) ?? (await rendition());
      if (vtt === null)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page(NOT_AVAILABLE, `<p>${NOT_AVAILABLE}</p>`));
      return reply.type('text/vtt; charset=utf-8').send(vtt);
    },
  );
}
