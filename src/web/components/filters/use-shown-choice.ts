import { useEffect, useRef, useState } from 'react'

/**
 * A control whose value lives in the URL, as the person just set it. The router renders a navigation in a
 * transition, and until that render commits React puts a controlled radio, checkbox or select back to the
 * URL's old value: on a slow device a choice seemed to bounce back. The choice shows at once, and follows
 * the URL again whenever the URL changes (a link), and on Back or Forward: taken before the choice's render
 * committed, Back lands on the URL still shown, whose value never changed, and the choice stayed.
 */
export function useShownChoice<T>(fromUrl: T): [T, (value: T) => void] {
  const [shown, setShown] = useState(fromUrl)
  const committed = useRef(fromUrl)
  useEffect(() => {
    committed.current = fromUrl
    setShown(fromUrl)
  }, [fromUrl])
  useEffect(() => {
    const showUrl = () => setShown(committed.current)
    window.addEventListener('popstate', showUrl)
    return () => window.removeEventListener('popstate', showUrl)
  }, [])
  return [shown, setShown]
}
