import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** What URL ingest may fetch: hosts allowed besides public ones, the largest source, and for how long. */
export interface UrlPolicy {
  /**
   * Hosts fetched even when they resolve to loopback or private addresses (VP_INGEST_ALLOW_HOSTS): each
   * `host` (on the default ports 80 and 443 only) or `host:port` (that port only); see parseAllowedHost.
   */
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

/** The only IPv6 addresses handed out as global unicast (IANA): everything else is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the IPv4 address is the last 32 bits. */
const NAT64_V6 = ipaddr.parseCIDR('64:ff9b::/96');
/** 6to4 (RFC 3056): the IPv4 address is bits 16 to 48. */
const SIX_TO_FOUR_V6 = ipaddr.parseCIDR('2002::/16');

/**
 * The IPv4 address an IPv6 address reaches through NAT64 or 6to4, or null. (An IPv4-mapped address is
 * read as its IPv4 by ipaddr.process; an IPv4-compatible one, ::a.b.c.d, is outside 2000::/3.)
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (address.match(NAT64_V6)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.match(SIX_TO_FOUR_V6)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * Only global unicast addresses: no loopback, private, link-local, carrier NAT, multicast or reserved
 * ones, in IPv6 only 2000::/3, and an IPv6 form of an IPv4 address (mapped, NAT64, 6to4) as that IPv4:
 * `http://[::7f00:1]/` (IPv4-compatible loopback) or `http://[64:ff9b::a00:1]/` are not public.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const v4 = embeddedIpv4(v6);
  if (v4) return v4.range() === 'unicast';
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}

/** One VP_INGEST_ALLOW_HOSTS entry: a host as URLs write it, and its port (null: the default ports 80 and 443). */
export interface AllowedHost {
  host: string;
  port: number | null;
}

/**
 * `host`, `host:port`, `[ipv6]`, `[ipv6]:port` or a bare IPv6 address, as an AllowedHost; throws on
 * anything else. A host without a port is allowed on 80 and 443 only, so naming an internal host does
 * not open its every service (a database's, a metadata endpoint's) to URL ingest.
 */
export function parseAllowedHost(entry: string): AllowedHost {
  const text = entry.trim().toLowerCase();
  const m = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text) ?? /^([^:[\]/@\s]+)(?::(\d{1,5}))?$/.exec(text);
  const host = m ? m[1]! : net.isIPv6(text) ? text : null;
  const port = m?.[2] === undefined ? null : Number(m[2]);
  if (host === null || (port !== null && (port < 1 || port > 65_535))) {
    throw new Error(`"${entry}" is not a host, host:port or [IPv6]:port`);
  }
  let url: URL;
  try {
    url = new URL(`http://${net.isIPv6(host) ? `[${host}]` : host}/`);
  } catch {
    throw new Error(`"${entry}" is not a host, host:port or [IPv6]:port`);
  }
  return { host: hostOf(url), port };
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

/** The port a connection to `url` uses. */
const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Whether the policy names the URL's host on the URL's port. */
function allowed(policy: UrlPolicy, url: URL): boolean {
  const host = hostOf(url);
  const port = portOf(url);
  return policy.allowHosts
    .map(parseAllowedHost)
    .some((entry) => entry.host === host && (entry.port === null ? port === 80 || port === 443 : port === entry.port));
}

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
