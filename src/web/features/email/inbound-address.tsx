import { useQuery } from '@tanstack/react-query'
import { accountQuery } from '../../api/account-query'
import { showToast } from '../../components/toast/toasts'

export function InboundAddress() {
  const account = useQuery({ ...accountQuery, retry: false })
  const address = account.data?.data.attributes.inbound_email_address
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address ?? '')
      showToast({ tone: 'done', text: `Copied ${address}` })
    } catch {
      showToast({ tone: 'failed', text: 'Could not copy: select the address and copy it yourself.' })
    }
  }
  if (account.isPending)
    return (
      <p className="muted" aria-busy="true">
        Loading your inbound address…
      </p>
    )
  if (!address)
    return (
      <p className="muted">
        {account.error ? 'This server does not give an inbound email address.' : 'No inbound address set up.'}
      </p>
    )
  return (
    <p className="inbound-address">
      Forward carriers' emails to <code className="mono">{address}</code>{' '}
      <button type="button" className="secondary" onClick={() => void copy()}>
        Copy address
      </button>
    </p>
  )
}
