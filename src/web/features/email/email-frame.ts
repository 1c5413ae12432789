import DOMPurify from 'dompurify'

/** Nothing loads but inline styles and images already in the message. */
export const FRAME_POLICY = "default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'"
/** https images only, never http, scripts or fonts. */
export const FRAME_POLICY_REMOTE = "default-src 'none'; img-src data: cid: https:; style-src 'unsafe-inline'"

/** They run, submit, load, navigate or re-base links. */
const FORBID_TAGS = [
  'script',
  'base',
  'meta',
  'link',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'svg',
  'math',
]
const FORBID_ATTR = ['action', 'formaction', 'srcset', 'ping', 'background', 'poster', 'xlink:href']
const REMOTE = /^\s*(?:https?:)?\/\//i
const LOADING_CSS = /@import|url\s*\(|expression\s*\(|behavior\s*:|-moz-binding/i

type Sanitized = { html: string; remoteImages: number }

/** Remote images kept back unless asked (https only); CSS that loads anything is dropped with its rule. */
export function sanitizeEmailHtml(html: string, { remoteImages = false } = {}): Sanitized {
  const purify = DOMPurify()
  let held = 0
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && LOADING_CSS.test(data.attrValue)) data.keepAttr = false
  })
  // a style sheet that loads anything, or runs anything in old browsers, is left out whole
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && LOADING_CSS.test(node.textContent ?? '')) node.textContent = ''
  })
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return
    // a link opens nothing from the frame; its address shows on hover
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
    const src = node.getAttribute('src')
    if (src === null || !REMOTE.test(src)) return
    const https = /^\s*https:/i.test(src)
    if (remoteImages && https) return
    node.removeAttribute('src')
    node.setAttribute('data-remote-src', src)
    node.setAttribute('alt', node.getAttribute('alt') || 'Remote image not shown')
    held++
  })
  const clean = purify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ADD_URI_SAFE_ATTR: [],
    WHOLE_DOCUMENT: false,
  })
  return { html: clean, remoteImages: held }
}

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

/** The frame's own CSP comes first, then the sanitized body. */
export function emailFrameDocument(html: string, { remoteImages = false } = {}) {
  const sanitized = sanitizeEmailHtml(html, { remoteImages })
  const policy = remoteImages ? FRAME_POLICY_REMOTE : FRAME_POLICY
  return {
    srcdoc: `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}"><meta charset="utf-8"><meta name="referrer" content="no-referrer"></head><body>${sanitized.html}</body></html>`,
    remoteImages: sanitized.remoteImages,
  }
}
