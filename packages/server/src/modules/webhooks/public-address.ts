import dns from 'node:dns';
import net from 'node:net';
import type { Agent } from 'undici';

/**
 * Push addresses are typed by customers, and the server sends to them from inside the provider's
 * network. Left open, an address such as `http://10.0.0.5:8500/...` or `http://169.254.169.254/`
 * would make Herald probe and poke the provider's own services on a customer's behalf (the
 * attempts' status codes and errors are shown in the console). So deliveries go only to public
 * internet addresses unless the operator allows private ones (`WEBHOOK_ALLOW_PRIVATE`, for
 * receivers on the same network, and the tests).
 *
 * The check runs on the address the connection is made to (the DNS lookup of the connection
 * itself), so a name that resolves to a public address when saved and to a private one when sent
 * (DNS rebinding) is caught too.
 */

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address, private ones included
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** True for an address on the public internet (IPv4-mapped IPv6 is judged by its IPv4 address). */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return isPublicAddress(mapped);
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly address: string) {
    super(`not a public address: ${address}`);
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup, refusing names that resolve to an address that is not public. */
function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(new PrivateAddressError(refused.address), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

let publicAgent: Promise<Agent> | undefined;
/**
 * The dispatcher deliveries go through when private addresses are not allowed. undici (~840 KiB
 * of modules) is loaded with the first delivery, not at every server's start.
 */
export const publicOnly = (): Promise<Agent> =>
  (publicAgent ??= import('undici').then(({ Agent }) => new Agent({ connect: { lookup: publicLookup as never } })));

/** An address literal in the URL is connected to without a lookup: it is checked here. */
export function literalRefused(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) !== 0 && !isPublicAddress(host) ? host : undefined;
}
