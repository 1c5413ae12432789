import { createElement, useEffect, useState } from 'react'

const SCRIPT = '/embed/quayside-embed.js'

/** From this server, as a customer's site would. */
function useWidgetScript() {
  const [ready, setReady] = useState(() => customElements.get('quayside-tracking') !== undefined)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (ready) return
    let script = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT}"]`)
    if (!script) {
      script = document.createElement('script')
      script.type = 'module'
      script.src = SCRIPT
      document.head.append(script)
    }
    const failedToLoad = () => setFailed(true)
    script.addEventListener('error', failedToLoad)
    void customElements.whenDefined('quayside-tracking').then(() => setReady(true))
    return () => script.removeEventListener('error', failedToLoad)
  }, [ready])
  return { ready, failed }
}

/** Revoking the token shows here what customers then see. */
export function EmbedPreview({ token, view, reload }: { token: string; view: string; reload: number }) {
  const { ready, failed } = useWidgetScript()
  if (failed) return <p className="error-panel">The widget's script could not be loaded from this server.</p>
  if (!ready) return <p className="muted">Loading the preview…</p>
  return createElement('quayside-tracking', {
    key: `${token}:${view}:${reload}`,
    token,
    view,
    'time-zone': 'port',
  })
}
