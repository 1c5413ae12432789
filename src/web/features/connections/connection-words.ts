import type { UpstreamConnection } from '../../../contract/upstream-connections'

const LIST_WORDS: Record<string, string> = {
  parties: 'parties',
  shipments: 'shipments',
  tracking_requests: 'tracking requests',
  custom_field_definitions: 'custom field definitions',
  custom_fields: 'custom field values',
}

const count = (n: number | null | undefined, one: string, many: string) =>
  `${(n ?? 0).toLocaleString('en-US')} ${n === 1 ? one : many}`

/** `problem` marks the states a person may have to act on. */
export function connectionWords(attributes: UpstreamConnection['attributes']) {
  const mirrored = `${count(attributes.shipments_mirrored, 'shipment', 'shipments')} and ${count(attributes.containers_mirrored, 'container', 'containers')} mirrored`
  const reading = attributes.sync_list
    ? `reading ${LIST_WORDS[attributes.sync_list] ?? attributes.sync_list}, page ${attributes.sync_page ?? 1}`
    : 'reading the upstream’s lists'
  switch (attributes.status) {
    case 'unreachable':
      return {
        problem: true,
        state: 'Unreachable',
        text: `The upstream cannot be reached${attributes.detail ? ` (${attributes.detail})` : ''}. The account shows the copy kept here, writes that must go there are refused, and Quayside keeps trying with growing pauses. ${mirrored}.`,
      }
    case 'unauthorised':
      return {
        problem: true,
        state: 'Unauthorised',
        text: `${attributes.detail ?? 'The upstream refuses the key'}. Mirroring is paused until the key is replaced. ${mirrored}.`,
      }
    case 'rate_limited':
      return {
        problem: true,
        state: 'Rate-limited',
        text: `The upstream is limiting requests${attributes.detail ? ` (${attributes.detail})` : ''}. Quayside waits as it asks and carries on by itself. ${mirrored}.`,
      }
    default:
      if (attributes.syncing)
        return {
          problem: false,
          state: 'Syncing',
          text: `First copy under way: ${reading}. ${mirrored} so far.`,
        }
      return {
        problem: false,
        state: attributes.status === 'connecting' ? 'Connecting' : 'In sync',
        text: `${mirrored}; webhooks ${attributes.webhook_registered ? 'bring changes as they happen' : 'are not delivered here, so each pass of the reconciler catches changes'}.`,
      }
  }
}
