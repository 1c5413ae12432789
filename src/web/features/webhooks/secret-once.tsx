import { useState } from 'react'

/** It signs deliveries, so the person stores it now. */
export function SecretOnce({ secret, title }: { secret: string; title: string }) {
  const [copied, setCopied] = useState<'yes' | 'no'>()
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    )
  return (
    <div className="answer answer-good" role="status">
      <p className="answer-headline">{title}</p>
      <p>
        Copy it now and keep it with your endpoint's configuration: this page will not show it again unless
        you ask.
      </p>
      <div className="inline">
        <code className="mono secret" data-testid="secret">
          {secret}
        </code>
        <button type="button" className="secondary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p aria-live="polite" className="small">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'no'
            ? 'Could not copy: select the text and copy it.'
            : ''}
      </p>
    </div>
  )
}
