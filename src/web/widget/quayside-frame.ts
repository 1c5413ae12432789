// The message goes only to the token's origins, so the browser delivers it only to a listed parent.
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
