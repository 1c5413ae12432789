import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { networkInterfaces } from 'node:os'
import { ipv6Groups } from '../http/ip-groups'

const blockList = (family: 'ipv4' | 'ipv6', ranges: [string, number][]) => {
  const list = new BlockList()
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family)
  return list
}

/** The IANA IPv4 Special-Purpose Address Registry (RFC 6890 and later), with multicast and broadcast. */
const SPECIAL_IPV4 = blockList('ipv4', [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private use
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private use
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, PCP and TURN anycast, NAT64 discovery)
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private use
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 limited broadcast
])

/** The IANA IPv6 Special-Purpose Address Registry, with deprecated site-local and multicast. */
const SPECIAL_IPV6 = blockList('ipv6', [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64, embeds an IPv4 address
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy IPv6 prefix
  ['2001::', 23], // IETF protocol assignments: Teredo (embeds IPv4), benchmarking, ORCHID, AS112, DRIP
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, embeds an IPv4 address
  ['2620:4f:8000::', 48], // direct delegation AS112
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
])

/** Node's BlockList matches IPv4 rules against mapped addresses, so these forms are told apart by their groups. */
const embedsIpv4 = (address: string) => {
  const g = ipv6Groups(address)
  if (g.slice(0, 4).some((group) => group !== 0)) return false
  return (g[4] === 0 && (g[5] === 0 || g[5] === 0xffff)) || (g[4] === 0xffff && g[5] === 0)
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

/** IPv4 and IPv6 kept apart: Node's BlockList matches an IPv4 rule against `::ffff:a.b.c.d` too. */
export function parseAllowlist(entries: string[]) {
  const ranges = { ipv4: new BlockList(), ipv6: new BlockList() }
  const hosts = new Set<string>()
  for (const entry of entries) {
    const [address, prefix] = entry.split('/')
    if (isIP(address)) {
      const list = ranges[family(address)]
      if (prefix) list.addSubnet(address, Number(prefix), family(address))
      else list.addAddress(address, family(address))
    } else hosts.add(entry.toLowerCase())
  }
  const admits = (address: string) => ranges[family(address)].check(address, family(address))
  return { admits, hosts }
}
export type Allowlist = ReturnType<typeof parseAllowlist>

type Resolve = (host: string) => Promise<string[]>
const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address)

/** A webhook must not call back into the host. */
const ownAddresses = () =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((entry) => entry?.address.toLowerCase().replace(/%.*$/, '') ?? ''),
  )

export class UnsafeAddressError extends Error {
  readonly code = 'UNSAFE_ADDRESS'
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase()

export type AddressGuardOptions = {
  allowlist: Allowlist
  resolve?: Resolve
  interfaceAddresses?: () => Set<string>
}

/** http(s), no credentials, no own/private/special address or IPv6 form of IPv4, unless the allowlist permits. */
export function createAddressGuard({
  allowlist,
  resolve = systemResolve,
  interfaceAddresses = ownAddresses,
}: AddressGuardOptions) {
  const addressProblem = (host: string, raw: string) => {
    const address = raw.toLowerCase().replace(/%.*$/, '')
    if (allowlist.admits(address)) return undefined
    const refused = (what: string) =>
      `${host} points to ${what} (${address}); webhooks must reach a public address unless WEBHOOK_ALLOWLIST permits it`
    if (interfaceAddresses().has(address)) return refused("this server's own address")
    if (family(address) === 'ipv6' && embedsIpv4(address)) return refused('an IPv4 address in IPv6 form')
    const special = family(address) === 'ipv6' ? SPECIAL_IPV6 : SPECIAL_IPV4
    if (special.check(address, family(address))) return refused('a private or internal address')
    return undefined
  }

  /** What can be told without DNS. */
  const urlProblem = (raw: string | URL) => {
    const url = new URL(raw)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'A webhook URL must use https or http'
    if (url.username || url.password) return 'A webhook URL may not carry a user name or password'
    const host = hostOf(url)
    if (allowlist.hosts.has(host) || !isIP(host)) return undefined
    return addressProblem(host, host)
  }

  const resolveChecked = async (host: string) => {
    const name = host.toLowerCase()
    const addresses = isIP(name) ? [name] : await resolve(name)
    if (addresses.length === 0)
      throw Object.assign(new Error(`${name} has no address`), { code: 'ENOTFOUND' })
    if (!allowlist.hosts.has(name))
      for (const address of addresses) {
        const problem = addressProblem(name, address)
        if (problem) throw new UnsafeAddressError(problem)
      }
    return addresses.map((address) => ({ address, family: isIP(address) }))
  }

  /** A name that does not resolve is accepted (DNS can be down); every delivery checks it again. */
  const savedUrlProblem = async (raw: string) => {
    const problem = urlProblem(raw)
    if (problem) return problem
    try {
      await resolveChecked(hostOf(new URL(raw)))
    } catch (error) {
      if (error instanceof UnsafeAddressError) return error.message
    }
    return undefined
  }

  return { urlProblem, resolveChecked, savedUrlProblem }
}
export type AddressGuard = ReturnType<typeof createAddressGuard>
