import type { UpstreamFreshness } from '../../../contract/account'

function ago(iso: string, now: number) {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.floor(hours / 24)} days ago`
}

const host = (url: string | null | undefined) => {
  try {
    return url ? new URL(url).host : 'the upstream'
  } catch {
    return 'the upstream'
  }
}

export function freshnessLine(freshness: UpstreamFreshness, now: number) {
  const where = host(freshness.base_url)
  const heard = freshness.last_heard_at
    ? `last heard from ${ago(freshness.last_heard_at, now)}`
    : 'not heard from yet'
  switch (freshness.status) {
    case 'ok':
      return {
        problem: false,
        text: `Connected to ${where} · checked ${freshness.last_heard_at ? ago(freshness.last_heard_at, now) : 'just now'}`,
      }
    case 'connecting':
      return { problem: false, text: `Connecting to ${where}: the first copy of the account is on its way` }
    case 'unreachable':
      return {
        problem: true,
        text: `${where} cannot be reached (${heard}). You see the copy kept here; changes that must go there are refused until it answers, and Quayside keeps trying.`,
      }
    case 'unauthorised':
      return {
        problem: true,
        text: `${where} refuses this account's API key (${heard}). You see the copy kept here; connect the account again with a valid key.`,
      }
    case 'rate_limited':
      return {
        problem: true,
        text: `${where} is limiting requests (${heard}). Quayside waits as it asks and carries on by itself.`,
      }
    default:
      return { problem: true, text: `${where}: ${freshness.detail ?? freshness.status} (${heard})` }
  }
}
