import { useMemo } from 'react'
import { emailFrameDocument } from './email-frame'

/** `sandbox=""`, its own CSP, and remote images held back until the person asks. */
export function EmailBody({
  html,
  text,
  showRemote,
  onShowRemote,
  view,
  onView,
}: {
  html: string | null | undefined
  text: string | null | undefined
  showRemote: boolean
  onShowRemote: () => void
  view: 'html' | 'text'
  onView: (view: 'html' | 'text') => void
}) {
  const frame = useMemo(
    () => (html ? emailFrameDocument(html, { remoteImages: showRemote }) : undefined),
    [html, showRemote],
  )
  const shown = frame && (view === 'html' || !text) ? 'html' : 'text'
  return (
    <section aria-labelledby="email-body-title" className="email-body">
      <h2 id="email-body-title">Message</h2>
      {frame && text ? (
        <fieldset className="toggle">
          <legend className="visually-hidden">Show the message as</legend>
          <button type="button" aria-pressed={shown === 'html'} onClick={() => onView('html')}>
            Formatted
          </button>
          <button type="button" aria-pressed={shown === 'text'} onClick={() => onView('text')}>
            Plain text
          </button>
        </fieldset>
      ) : null}
      {shown === 'html' && frame ? (
        <>
          {frame.remoteImages > 0 && !showRemote ? (
            <p className="banner" role="note">
              {frame.remoteImages === 1 ? 'One remote image is' : `${frame.remoteImages} remote images are`}{' '}
              not shown, so the sender cannot tell you opened this email.{' '}
              <button type="button" className="secondary" onClick={onShowRemote}>
                Show remote images
              </button>
            </p>
          ) : null}
          <iframe
            title="Email message"
            className="email-frame"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={frame.srcdoc}
          />
        </>
      ) : text ? (
        <pre className="email-text">{text}</pre>
      ) : (
        <p className="muted">This email has no body.</p>
      )}
    </section>
  )
}
