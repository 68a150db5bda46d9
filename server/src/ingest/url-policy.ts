import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** What URL ingest may fetch: hosts allowed besides public ones, the largest source, and for how long. */
export interface UrlPolicy {
  /** Host names (or addresses) fetched even when they resolve to loopback or private addresses (VP_INGEST_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  maxBytes: number;
  /** One download in all, redirects included (VP_DOWNLOAD_TIMEOUT_SECONDS): a source that trickles holds the worker no longer. */
  timeoutMs: number;
}

/** A URL the server will not fetch; the message is the API's 400. */
export class UrlRefusedError extends Error {}

export const NOT_PUBLIC = 'This address is not public: the server only fetches videos from public http(s) addresses';

/** The host as the policy compares it: lower case, IPv6 without brackets. */
const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** Only global unicast addresses: no loopback, private, link-local, carrier NAT, multicast or reserved ones. */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** http(s) with a host and no credentials, else UrlRefusedError. */
export function parseSourceUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefusedError('source_url must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlRefusedError('source_url must be an http(s) URL');
  if (url.username || url.password) throw new UrlRefusedError('source_url must not contain a user name or password');
  return url;
}

const allowed = (policy: UrlPolicy, url: URL): boolean => policy.allowHosts.includes(hostOf(url));

/**
 * The addresses a connection to `url` may use: every address the name resolves to must be public,
 * unless the policy names the host. Checked before each request and again by the connection's own
 * lookup (see guardedLookup), so a name that resolves differently the second time gains nothing.
 */
export async function checkSourceUrl(url: URL, policy: UrlPolicy): Promise<void> {
  if (allowed(policy, url)) return;
  const host = hostOf(url);
  const addresses = net.isIP(host) ? [host] : await lookupAll(host);
  if (!addresses.length || !addresses.every(isPublicAddress)) throw new UrlRefusedError(NOT_PUBLIC);
}

async function lookupAll(host: string): Promise<string[]> {
  try {
    return (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new UrlRefusedError(`The host ${host} cannot be found`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** The `lookup` of the download's connection: refuses non-public answers for hosts the policy does not name. */
export function guardedLookup(policy: UrlPolicy, url: URL) {
  const trusted = allowed(policy, url);
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const usable = trusted ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (!usable.length || usable.length !== addresses.length) return callback(new UrlRefusedError(NOT_PUBLIC), '');
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
