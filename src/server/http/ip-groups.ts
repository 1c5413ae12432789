import { isIP } from 'node:net'

export function ipv6Groups(address: string) {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address)
  const text = dotted
    ? address.slice(0, dotted.index) +
      [Number(dotted[1]) * 256 + Number(dotted[2]), Number(dotted[3]) * 256 + Number(dotted[4])]
        .map((group) => group.toString(16))
        .join(':')
    : address
  const [head, tail] = text.split('::')
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []
  const front = parse(head)
  const back = parse(tail)
  return tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back]
}

/** IPv6 counts by its /64, since one host is commonly given a whole /64. */
export function addressGroup(raw: string) {
  const address = raw.toLowerCase().replace(/%.*$/, '')
  if (isIP(address) !== 6) return address
  const groups = ipv6Groups(address)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.')
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
