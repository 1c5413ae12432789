import { createServer } from 'node:http'

/**
 * A customer's site on another origin that embeds the widget: the custom element, or the iframe page with
 * a listener that sizes the frame from its messages. Its own styles try hard to restyle the widget.
 */
const hostPage = (target: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Customer portal</title>
<style>
  * { color: rgb(255, 0, 0) !important; font-family: monospace !important; }
  h2, dd { display: none !important; }
  button { background: rgb(255, 0, 0) !important; }
  quayside-tracking { --quayside-accent: rgb(0, 128, 0); }
  quayside-tracking::part(root) { border-color: rgb(0, 0, 255); }
</style>
<script type="module" src="${target}/embed/quayside-embed.js"></script>
</head>
<body>
<h1>Your shipments</h1>
${body}
<pre id="events"></pre>
<script>
  const log = (line) => { document.getElementById('events').textContent += line + '\\n' }
  for (const name of ['quayside:loaded', 'quayside:error', 'quayside:select'])
    document.addEventListener(name, (event) => log(name + ' ' + JSON.stringify(event.detail)))
  window.addEventListener('message', (event) => {
    if (event.origin !== '${target}' || !event.data || event.data.type !== 'quayside:height') return
    document.querySelector('iframe').style.height = event.data.height + 'px'
    log('height ' + event.data.height)
  })
</script>
</body>
</html>`

/** Serves a host page at http://host:port/; `show` sets what its body embeds. */
export async function startEmbedHost(host: string, port: number, target: string) {
  let body = ''
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(target, body))
  })
  await new Promise<void>((ready, fail) => {
    server.once('error', fail)
    server.listen(port, host, ready)
  })
  return {
    origin: `http://${host}:${port}`,
    show: (html: string) => {
      body = html
      return `http://${host}:${port}/`
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}
