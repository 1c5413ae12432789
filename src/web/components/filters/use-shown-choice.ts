import { useEffect, useState } from 'react'

/**
 * A control whose value lives in the URL, as the person just set it. The router renders a navigation in a
 * transition, and until that render commits React puts a controlled radio, checkbox or select back to the
 * URL's old value: on a slow device a choice seemed to bounce back. The choice shows at once, and follows
 * the URL again whenever the URL changes (Back, a link).
 */
export function useShownChoice<T>(fromUrl: T): [T, (value: T) => void] {
  const [shown, setShown] = useState(fromUrl)
  useEffect(() => setShown(fromUrl), [fromUrl])
  return [shown, setShown]
}
