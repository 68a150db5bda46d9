import net from 'node:net';

/** What came back on a raw connection; status 0 when the server closed it without an answer. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send only this many body bytes (Content-Length still says the whole length), then close our side. */
  cutAt?: number;
  /** Send the body this many bytes at a time, waiting `trickleMs` between them (a slow client). */
  trickle?: { bytes: number; everyMs: number };
  /** Local address to connect from (127.0.0.2 … on Linux loopback), to act as another client. */
  localAddress?: string;
  /** Give up after this long (default 10 s) and report status 0. */
  timeoutMs?: number;
}

function parse(raw: Buffer): RawReply {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || end < 0) return { status: 0, headers: {}, body: '' };
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
}

function unchunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/**
 * One request on its own connection, written byte for byte as given: lets tests send what fetch
 * refuses to (bodies cut short, wrong lengths, slow trickles, broken multipart) and read the answer.
 */
export function rawRequest(base: string, request: RawRequest): Promise<RawReply> {
  const url = new URL(base);
  const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : (request.body ?? Buffer.alloc(0));
  const headers: Record<string, string> = { host: url.host, connection: 'close', ...request.headers };
  if (body.length || request.method === 'POST' || request.method === 'PUT') headers['content-length'] ??= String(body.length);
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let trickleTimer: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: request.localAddress });
    const done = () => {
      clearTimeout(timer);
      clearTimeout(trickleTimer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks)));
    };
    const timer = setTimeout(done, request.timeoutMs ?? 10_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', () => undefined); // a reset after the answer is normal for a refused body
    socket.on('connect', () => {
      socket.write(head, 'latin1');
      if (request.trickle) {
        const { bytes, everyMs } = request.trickle;
        let sent = 0;
        const next = () => {
          if (socket.destroyed || sent >= body.length) return;
          socket.write(body.subarray(sent, sent + bytes));
          sent += bytes;
          trickleTimer = setTimeout(next, everyMs);
        };
        next();
      } else if (request.cutAt !== undefined) {
        socket.write(body.subarray(0, request.cutAt));
        // Give the server a moment to start on the body, then end our side as a dropped client does.
        setTimeout(() => socket.end(), 20);
      } else {
        socket.write(body);
      }
    });
  });
}

/** A multipart body from parts, with the boundary it uses. */
export function multipartBody(
  parts: { name: string; filename?: string; content: Buffer | string; contentType?: string }[],
  boundary = `----vp${Math.random().toString(36).slice(2)}`,
  closed = true,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ?? (part.filename === undefined ? undefined : 'application/octet-stream');
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`, 'utf8'),
    );
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
