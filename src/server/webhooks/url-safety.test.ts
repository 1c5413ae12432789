import { describe, expect, it } from 'vitest'
import { createAddressGuard, parseAllowlist, UnsafeAddressError } from './url-safety'

const resolveTo =
  (...addresses: string[]) =>
  async () =>
    addresses
const guardWith = (
  options: { allow?: string[]; resolve?: (host: string) => Promise<string[]>; own?: string[] } = {},
) =>
  createAddressGuard({
    allowlist: parseAllowlist(options.allow ?? []),
    resolve: options.resolve ?? resolveTo('93.184.216.34'),
    interfaceAddresses: () => new Set(options.own ?? ['127.0.0.1', '::1']),
  })

describe('the webhook address guard', () => {
  it.each([
    'http://127.0.0.1:9000/hook',
    'http://10.0.0.5/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://192.168.1.10/hook',
    'http://100.64.0.1/hook',
    'http://192.0.2.10/hook',
    'http://198.51.100.7/hook',
    'http://203.0.113.9/hook',
    'http://198.18.0.1/hook',
    'http://192.0.0.170/hook',
    'http://255.255.255.255/hook',
    'http://224.0.0.1/hook',
    'http://0.0.0.0/hook',
    'http://[fd00::2]/hook',
    'http://[fe80::1]/hook',
    'http://[fec0::1]/hook',
    'http://[2001:db8::1]/hook',
    'http://[3fff::1]/hook',
    'http://[ff02::1]/hook',
  ])('refuses the special-purpose address in %s', (url) => {
    expect(guardWith().urlProblem(url)).toMatch(/private or internal|own address/)
  })

  it.each([
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:8.8.8.8]/hook',
    'http://[::127.0.0.1]/hook',
    'http://[::ffff:0:10.0.0.1]/hook',
  ])('refuses the IPv6 form of an IPv4 address in %s', (url) => {
    expect(guardWith().urlProblem(url)).toMatch(/IPv4 address in IPv6 form/)
  })

  it.each([
    ['NAT64', 'http://[64:ff9b::a00:1]/hook'],
    ['6to4', 'http://[2002:a00:1::1]/hook'],
    ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook'],
  ])('refuses the %s prefix, which embeds an IPv4 address', (_, url) => {
    expect(guardWith().urlProblem(url)).toMatch(/private or internal/)
  })

  it("refuses this machine's own interface address even when it looks public", () => {
    const guard = guardWith({ own: ['93.184.216.34'] })
    expect(guard.urlProblem('http://93.184.216.34/hook')).toMatch(/this server's own address/)
  })

  it('accepts a public address, and a private one the allowlist permits', () => {
    expect(guardWith().urlProblem('https://93.184.216.34/x')).toBeUndefined()
    expect(guardWith().urlProblem('http://[2606:2800:220:1::1]/x')).toBeUndefined()
    expect(guardWith({ allow: ['127.0.0.0/8'] }).urlProblem('http://127.0.0.1:9000/hook')).toBeUndefined()
    expect(guardWith({ allow: ['hooks.internal'] }).urlProblem('http://hooks.internal/x')).toBeUndefined()
  })

  it('does not let an IPv4 allowlist entry admit the same address in IPv4-mapped IPv6 form', () => {
    const guard = guardWith({ allow: ['127.0.0.0/8'] })
    expect(guard.urlProblem('http://127.0.0.1/hook')).toBeUndefined()
    expect(guard.urlProblem('http://[::ffff:7f00:1]/hook')).toMatch(/IPv4 address in IPv6 form/)
    expect(guard.urlProblem('http://[::ffff:127.0.0.1]/hook')).toMatch(/IPv4 address in IPv6 form/)
  })

  it('admits an IPv4-mapped address when the allowlist names it as IPv6, and no IPv4 address by it', () => {
    const guard = guardWith({ allow: ['::ffff:127.0.0.0/104'] })
    expect(guard.urlProblem('http://[::ffff:7f00:1]/hook')).toBeUndefined()
    expect(guard.urlProblem('http://127.0.0.1/hook')).toMatch(/must reach a public address/)
  })

  it('refuses other schemes and credentials in the URL', () => {
    expect(guardWith().urlProblem('ftp://93.184.216.34/x')).toMatch(/https or http/)
    expect(guardWith().urlProblem('https://a:b@93.184.216.34/x')).toMatch(/password/)
  })

  it('refuses a name when any one of its addresses is private', async () => {
    const guard = guardWith({ resolve: resolveTo('93.184.216.34', '10.1.1.1') })
    await expect(guard.resolveChecked('hooks.example.com')).rejects.toThrow(UnsafeAddressError)
    await expect(guard.resolveChecked('hooks.example.com')).rejects.toThrow(/10\.1\.1\.1/)
  })

  it('answers every checked address of a public name, with its family', async () => {
    const guard = guardWith({ resolve: resolveTo('93.184.216.34', '2606:2800:220:1::1') })
    expect(await guard.resolveChecked('hooks.example.com')).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ])
  })

  it('accepts at save a name that does not resolve, and refuses one that points inside', async () => {
    const lost = guardWith({
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
      },
    })
    expect(await lost.savedUrlProblem('https://not-yet.example.com/x')).toBeUndefined()
    const inside = guardWith({ resolve: resolveTo('169.254.169.254') })
    expect(await inside.savedUrlProblem('https://metadata.example.com/x')).toMatch(/169\.254\.169\.254/)
    expect(await guardWith().savedUrlProblem('http://10.0.0.1/x')).toMatch(/private/)
  })
})
