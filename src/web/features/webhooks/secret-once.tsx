import { CopyRow } from '../../components/form/copy-value'

/** It signs deliveries, so the person stores it now. */
export function SecretOnce({ secret, title }: { secret: string; title: string }) {
  return (
    <div className="answer answer-good" role="status">
      <p className="answer-headline">{title}</p>
      <p>
        Copy it now and keep it with your endpoint's configuration: this page will not show it again unless
        you ask.
      </p>
      <CopyRow value={secret}>
        <code className="mono secret" data-testid="secret">
          {secret}
        </code>
      </CopyRow>
    </div>
  )
}
