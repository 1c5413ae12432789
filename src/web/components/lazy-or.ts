import { type ComponentType, lazy } from 'react'

/**
 * A part whose code loads when it is first shown. When the file cannot load (offline, or a new release
 * replaced the files) `fallback` shows in its place: a failed import would otherwise reach the nearest error
 * boundary, and for the shell's parts that is the whole page.
 */
export const lazyOr = <P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>) =>
  lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      () => ({ default: fallback }),
    ),
  )
