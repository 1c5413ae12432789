/**
 * The iframe page's own script: tells the framing page how tall the widget is. The message goes to each
 * origin the token lists, so the browser delivers it only if the parent is one of them.
 */
const widget = document.querySelector('quayside-tracking')
const origins = (widget?.getAttribute('data-origins') ?? '').split(' ').filter(Boolean)
let last = 0
const post = () => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height)
  if (height === last || window.parent === window) return
  last = height
  for (const origin of origins) window.parent.postMessage({ type: 'quayside:height', height }, origin)
}
if (widget) {
  new ResizeObserver(post).observe(document.documentElement)
  for (const name of ['quayside:loaded', 'quayside:error'])
    widget.addEventListener(name, () => requestAnimationFrame(post))
}
