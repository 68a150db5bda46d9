/**
 * `VP_TRUST_PROXY`: whose `X-Forwarded-For` the server believes when it takes a client's address (for
 * sign-in throttling and rate limits). Absent: nobody's, the address is the socket's peer. A number N:
 * the nearest N hops whoever they are (only safe when the server can be reached through the proxies
 * alone). A list: only proxies at these addresses or CIDR ranges (`10.0.0.0/8`, `loopback`, …).
 */
export type TrustProxy = number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.some((v) => /^(true|false|yes|no)$/i.test(v))) {
    throw new Error(`VP_TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses, got ${JSON.stringify(value)}`);
  }
  return list;
}

/**
 * The Fastify `trustProxy` option. A hop count becomes a function: Fastify reads a bare number as
 * "trust nobody", and the function trusts the addresses of the nearest N hops, as Express does.
 */
export function trustProxyOption(trust: TrustProxy | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
