import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../lib/text';
import { htmlResponse } from './schemas';

const NOT_AVAILABLE = 'This video is not available';
const GONE = 'This video has been deleted';
/** The player is meant to be embedded: any origin may frame it (and nothing else is allowed in). */
const PLAYER_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *";

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
function languageLabel(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
html,body{margin:0;height:100%;background:#000;color:#eee;font-family:system-ui,sans-serif}
main{display:flex;flex-direction:column;height:100%}
h1{font-size:1rem;font-weight:500;margin:.5rem .75rem}
video{flex:1;min-height:0;width:100%;background:#111}
p{margin:auto;padding:1rem;text-align:center}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function embeddable(reply: FastifyReply): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply
    .header('content-security-policy', PLAYER_CSP)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'no-cache');
}

export default async function playerRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { slug: string } }>(
    '/:slug',
    {
      schema: {
        tags: ['player'],
        summary:
          "Public player page of an active file (frameable from any origin); 410 while the file is in the trash or after it was purged; a renamed file's old slug redirects (301) while it is held",
        params: { type: 'object', required: ['slug'], properties: { slug: { type: 'string', maxLength: 300 } } },
        produces: ['text/html'],
        response: { 200: htmlResponse, 301: htmlResponse, 404: htmlResponse, 410: htmlResponse },
      },
    },
    async (request, reply) => {
      embeddable(reply).type('text/html; charset=utf-8');
      const found = await app.files.getBySlug(request.params.slug);
      if (!found) {
        // An old slug, still held for its account: a renamed file's embeds follow it; a purged one's are gone.
        const hold = await app.files.slugHold(request.params.slug, app.clock());
        const target = hold ? await app.files.getById(hold.file_id) : undefined;
        if (target && target.deleted_at === null) return reply.redirect(`/player/${encodeURIComponent(target.file_slug)}`, 301);
        if (hold) return reply.code(410).send(page(GONE, `<p>${GONE}</p>`));
      }
      if (found?.deleted_at != null) return reply.code(410).send(page(GONE, `<p>${GONE}</p>`));
      const file = found?.is_active ? found : undefined;
      if (!file) return reply.code(404).send(page(NOT_AVAILABLE, `<p>${NOT_AVAILABLE}</p>`));
      const slugPath = `/player/${encodeURIComponent(file.file_slug)}`;
      const tracks = (await app.subtitles.listPublic(file.file_id))
        .filter((s) => s.rendition_name !== null)
        .map(
          (s) =>
            `<track kind="subtitles" srclang="${escapeHtml(s.sub_lang)}" label="${escapeHtml(languageLabel(s.sub_lang))}" src="${escapeHtml(`${slugPath}/subtitles/${s.sub_id}.vtt`)}">`,
        )
        .join('\n');
      const poster = file.file_image ? ` poster="${escapeHtml(`/images/${encodeURI(file.file_image)}`)}"` : '';
      const title = escapeHtml(file.file_title);
      return reply.send(
        page(file.file_title, `<h1>${title}</h1>\n<video controls preload="none"${poster} aria-label="${title}">\n${tracks}\n</video>`),
      );
    },
  );

  app.get<{ Params: { slug: string; track: string } }>(
    '/:slug/subtitles/:track',
    {
      schema: {
        tags: ['player'],
        summary: 'A subtitle track as UTF-8 WebVTT, whatever its format and encoding (the rendition made at upload)',
        params: {
          type: 'object',
          required: ['slug', 'track'],
          properties: { slug: { type: 'string', maxLength: 300 }, track: { type: 'string', pattern: '^\\d{1,15}\\.vtt$' } },
        },
        produces: ['text/vtt'],
        response: { 200: { type: 'string', description: 'WebVTT' }, 404: htmlResponse },
      },
    },
    async (request, reply) => {
      embeddable(reply);
      const found = await app.files.getBySlug(request.params.slug);
      const file = found?.is_active && found.deleted_at === null ? found : undefined;
      const sub = file ? await app.subtitles.getPublic(file.file_id, Number.parseInt(request.params.track, 10)) : undefined;
      const vtt = sub?.rendition_name ? await app.store.get(sub.rendition_name) : null;
      if (vtt === null)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page(NOT_AVAILABLE, `<p>${NOT_AVAILABLE}</p>`));
      return reply.type('text/vtt; charset=utf-8').send(vtt);
    },
  );
}
