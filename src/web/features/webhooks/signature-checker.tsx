import { useId, useState } from 'react'
import { checkSignature, type SignatureCheck } from './signature-check'

/** In this browser with Web Crypto: nothing is sent anywhere. */
export function SignatureChecker({ secret }: { secret: string | null | undefined }) {
  const id = useId()
  const [result, setResult] = useState<SignatureCheck>()
  const [problem, setProblem] = useState<string>()
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '')
    if (!secret) return setProblem('This webhook has no secret to check against.')
    if (!text('id') || !text('timestamp') || !text('signature'))
      return setProblem('Enter the webhook-id, webhook-timestamp and webhook-signature headers.')
    setProblem(undefined)
    setResult(
      await checkSignature({
        secret,
        id: text('id'),
        timestamp: text('timestamp'),
        body: text('body'),
        signatureHeader: text('signature'),
      }),
    )
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Check a signature</h2>
      <p className="hint">
        Paste what your endpoint received. The check runs in this browser; nothing is sent.
      </p>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-id`}>webhook-id</label>
          <input id={`${id}-id`} name="id" className="mono" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-timestamp`}>webhook-timestamp</label>
          <input
            id={`${id}-timestamp`}
            name="timestamp"
            className="mono"
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-signature`}>webhook-signature</label>
          <input id={`${id}-signature`} name="signature" className="mono" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-body`}>Body, exactly as received</label>
          <textarea id={`${id}-body`} name="body" rows={6} className="mono" />
        </div>
        <div className="form-actions">
          <button type="submit" className="secondary">
            Check
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {problem ? <p className="field-error">{problem}</p> : null}
        {result && !problem ? (
          <div className={`answer ${result.matches ? 'answer-good' : 'answer-bad'}`}>
            <p className="answer-headline">
              <span aria-hidden="true">{result.matches ? '✔ ' : '✖ '}</span>
              {result.matches
                ? 'The signature matches this secret'
                : 'The signature does not match this secret'}
            </p>
            <p>The text signed (id.timestamp.body):</p>
            <pre className="payload">{result.signedContent}</pre>
            <p>
              Expected signature: <code className="mono">{result.expected}</code>
            </p>
          </div>
        ) : null}
      </div>
    </section>
  )
}
