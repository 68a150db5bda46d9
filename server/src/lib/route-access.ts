import type { ApiKeyScope } from '../../../src/contract/api-key';

/**
 * Who may call a route (decision D55): `public` anyone; `pipeline` the pipeline's tokens (not API keys);
 * `sign-in` only a sign-in key (a session), never an API key: the account's keys and webhooks, sign-out;
 * `read`, `write`, `upload` a session, or an API key whose scope allows it.
 */
export type RouteAccess = 'public' | 'pipeline' | 'sign-in' | ApiKeyScope;

/**
 * Every route, as `METHOD /url` in Fastify's form: the one place a route's scope is said. A test holds it
 * against the OpenAPI document's routes, so a new route cannot go without one; a route missing here is
 * refused to every API key all the same (authentication.ts).
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'sign-in',
  'GET /api/config': 'read',
  'PUT /api/config': 'write',
  'GET /api/files/events': 'read',
  'GET /api/files': 'read',
  'POST /api/files': 'upload',
  'GET /api/files/:id': 'read',
  'PUT /api/files/:id': 'write',
  'DELETE /api/files/:id': 'write',
  'POST /api/files/:id/restore': 'write',
  'PUT /api/files/:id/poster': 'write',
  'DELETE /api/files/:id/poster': 'write',
  'POST /api/files/sub': 'write',
  'GET /api/files/:id/activity': 'read',
  // A back end that embeds a file mints its viewers' links: reading is enough.
  'POST /api/files/:id/player-token': 'read',
  'GET /api/files/:id/stats': 'read',
  'GET /api/files/:id/stats.csv': 'read',
  'GET /api/stats': 'read',
  'GET /api/stats.csv': 'read',
  // A viewer's player: a beat carrying an API key is taken and not counted (issue 41).
  'POST /api/beats': 'public',
  'POST /api/files/bulk': 'write',
  'POST /api/files/bulk/set': 'write',
  'GET /api/jobs/:id': 'read',
  'GET /api/jobs/:id/results.csv': 'read',
  'POST /api/jobs/:id/undo': 'write',
  'POST /api/uploads': 'upload',
  'PATCH /api/uploads': 'upload',
  'HEAD /api/uploads': 'upload',
  'DELETE /api/uploads': 'upload',
  'OPTIONS /api/uploads': 'public',
  'PATCH /api/uploads/:id': 'upload',
  'HEAD /api/uploads/:id': 'upload',
  'DELETE /api/uploads/:id': 'upload',
  'OPTIONS /api/uploads/:id': 'public',
  'GET /api/files/:file_id/chapters': 'read',
  'PUT /api/files/:file_id/chapters': 'write',
  'DELETE /api/files/:file_id/chapters': 'write',
  'GET /api/subs': 'read',
  'GET /api/subs/:sub_id': 'read',
  'PUT /api/subs/:sub_id': 'write',
  'DELETE /api/subs/:sub_id': 'write',
  'POST /api/subs/:sub_id/restore': 'write',
  'GET /api/subs/:sub_id/content': 'read',
  'PUT /api/subs/:sub_id/content': 'write',
  'GET /api/subs/:sub_id/vtt': 'read',
  'GET /api/subs/:sub_id/versions': 'read',
  'GET /api/subs/:sub_id/versions/:n/vtt': 'read',
  'POST /api/subs/:sub_id/versions/:n/restore': 'write',
  'GET /api/keys': 'sign-in',
  'POST /api/keys': 'sign-in',
  'DELETE /api/keys/:id': 'sign-in',
  'GET /api/webhooks': 'sign-in',
  'POST /api/webhooks': 'sign-in',
  'DELETE /api/webhooks/:id': 'sign-in',
  'GET /api/webhooks/:id/deliveries': 'sign-in',
  'POST /api/webhooks/:id/deliveries/:delivery_id/redeliver': 'sign-in',
  'POST /api/webhooks/:id/test': 'sign-in',
  'GET /api/pipeline/files': 'pipeline',
  'GET /api/pipeline/files/:id/source': 'pipeline',
  'PUT /api/pipeline/files/:id': 'pipeline',
  'GET /api/pipeline/workers': 'pipeline',
  'POST /api/pipeline/jobs/claim': 'pipeline',
  'POST /api/pipeline/jobs/:id/extend': 'pipeline',
  'POST /api/pipeline/jobs/:id/finish': 'pipeline',
  'POST /api/pipeline/jobs/:id/retry-later': 'pipeline',
  'POST /api/pipeline/jobs/:id/report': 'pipeline',
  'POST /api/pipeline/jobs/:id/source': 'pipeline',
  'POST /api/pipeline/jobs/:id/folder': 'pipeline',
  'POST /api/pipeline/jobs/:id/uploads': 'pipeline',
  'POST /api/pipeline/jobs/:id/published': 'pipeline',
  'POST /api/pipeline/jobs/:id/complete': 'pipeline',
  'POST /api/pipeline/jobs/:id/discard': 'pipeline',
  'POST /api/pipeline/jobs/:id/retrying': 'pipeline',
  'POST /api/pipeline/jobs/:id/failed': 'pipeline',
  // A worker's media URL is its own credential (signed for one job, attempt, method and key).
  'GET /api/pipeline/media': 'public',
  'PUT /api/pipeline/media': 'public',
  'GET /api/openapi.json': 'public',
  'GET /player/:slug': 'public',
  'GET /player/assets/:name': 'public',
  'GET /player/:slug/storyboard.vtt': 'public',
  // A file's downloads (D67): public as its player page, under the same access rules.
  'GET /player/:slug/download.mp4': 'public',
  'GET /player/:slug/download.m4a': 'public',
  'POST /player/:slug/grant': 'public',
  'GET /player/:slug/subtitles/:track': 'public',
  'GET /images/*': 'public',
  'GET /media/*': 'public',
};

/** The scopes that grant each access an API key may be given. */
const GRANTED_BY: Record<ApiKeyScope, readonly ApiKeyScope[]> = {
  read: ['read', 'write'],
  write: ['write'],
  upload: ['upload'],
};

/** The access a request's route needs (`HEAD` of a GET route as that GET); undefined for a route not in the map. */
export function routeAccess(method: string, url: string | undefined): RouteAccess | undefined {
  if (url === undefined) return undefined;
  return ROUTE_ACCESS[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTE_ACCESS[`GET ${url}`] : undefined);
}

/** Whether an API key of `scope` may call a route that needs `access`. */
export const scopeAllows = (scope: ApiKeyScope, access: RouteAccess | undefined): boolean =>
  access === 'public' || (access === 'read' || access === 'write' || access === 'upload' ? GRANTED_BY[access].includes(scope) : false);

/** The 403 message for an API key outside its scope: it names the scope the request needs. */
export function scopeRefusal(access: RouteAccess | undefined): string {
  if (access === 'read' || access === 'write' || access === 'upload') return `This API key may not do this: it needs the "${access}" scope`;
  return 'This API key may not do this: it needs a sign-in';
}
