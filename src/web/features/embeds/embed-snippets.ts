export function embedSnippets(origin: string, token: string, view: string) {
  const element = [
    `<script type="module" src="${origin}/embed/quayside-embed.js"></script>`,
    `<quayside-tracking token="${token}" view="${view}" locale="en" time-zone="port"></quayside-tracking>`,
  ].join('\n')
  const frame = [
    `<iframe title="Shipment tracking" style="width:100%;border:0" src="${origin}/embed/frame?token=${token}&view=${view}"></iframe>`,
    '<script>',
    "  addEventListener('message', (event) => {",
    `    if (event.origin !== '${origin}' || event.data?.type !== 'quayside:height') return`,
    "    document.querySelector('iframe[title=\"Shipment tracking\"]').style.height = event.data.height + 'px'",
    '  })',
    '</script>',
  ].join('\n')
  return { element, frame }
}
