import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from './environment.mjs';

/**
 * A web server of another origin (its own port on 127.0.0.1, so still a local address to Chromium):
 * the customer's or integrator's page. It answers `/` with `html`, and `/kit/…` with the built kit, as
 * a site that ships the package itself would. A page given in pieces is sent as a slow line would:
 * each piece `pieceGapMs` after the one before.
 */
export async function servePage(html: string | readonly string[], pieceGapMs = 300): Promise<{ url: string; close: () => void }> {
  const kit = path.join(ROOT, 'dist/kit');
  const pieces = typeof html === 'string' ? [html] : html;
  const server = http.createServer((request, response) => {
    const file = request.url?.startsWith('/kit/') ? path.join(kit, path.normalize(request.url.slice(5).split('?')[0]!)) : null;
    if (file?.startsWith(kit) && fs.existsSync(file))
      return response.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(file));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const send = (i: number) => {
      if (i === pieces.length - 1) return void response.end(pieces[i]);
      response.write(pieces[i]);
      setTimeout(() => send(i + 1), pieceGapMs);
    };
    send(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}
