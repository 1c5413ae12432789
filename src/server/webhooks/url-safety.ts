import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

const privateRanges = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6')

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

/** Builds the allowlist from entries like `127.0.0.0/8`, `10.1.2.3` or a host name. */
export function parseAllowlist(entries: string[]) {
  const ranges = new BlockList()
  const hosts = new Set<string>()
  for (const entry of entries) {
    const [address, prefix] = entry.split('/')
    if (isIP(address)) {
      if (prefix) ranges.addSubnet(address, Number(prefix), family(address))
      else ranges.addAddress(address, family(address))
    } else hosts.add(entry.toLowerCase())
  }
  return { ranges, hosts }
}
export type Allowlist = ReturnType<typeof parseAllowlist>

export type Resolve = (host: string) => Promise<string[]>
const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true })).map((entry) => entry.address)

/**
 * Why a webhook URL may not be used, or undefined when it may: it must be http(s) and must not
 * reach a private, loopback, link-local or metadata address unless the allowlist permits it.
 */
export async function webhookUrlProblem(raw: string, allowlist: Allowlist, resolve: Resolve = systemResolve) {
  const url = new URL(raw)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'A webhook URL must use https or http'
  if (url.username || url.password) return 'A webhook URL may not carry a user name or password'
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (allowlist.hosts.has(host)) return undefined
  let addresses: string[]
  try {
    addresses = isIP(host) ? [host] : await resolve(host)
  } catch {
    return `The host ${host} could not be found`
  }
  for (const address of addresses) {
    if (allowlist.ranges.check(address, family(address))) continue
    if (privateRanges.check(address, family(address)))
      return `${host} points to a private or internal address (${address}); webhooks must reach a public address`
  }
  return undefined
}
