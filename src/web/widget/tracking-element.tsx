import { createRoot, type Root } from 'react-dom/client'
import { WidgetApp } from './widget-app'
import type { WidgetView } from './widget-context'
import { localeOf } from './widget-messages'
import { WIDGET_CSS } from './widget-styles'

const VIEWS: WidgetView[] = ['summary', 'containers', 'timeline']

let sheet: CSSStyleSheet | undefined
const styleSheet = () => {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(WIDGET_CSS)
  }
  return sheet
}

/** `<quayside-tracking token shipment|number view locale time-zone theme>`; fires quayside:loaded/error/select. */
export class QuaysideTracking extends HTMLElement {
  static observedAttributes = ['token', 'shipment', 'number', 'view', 'locale', 'time-zone', 'theme']
  private root: Root | undefined
  private readonly darkMedia = matchMedia('(prefers-color-scheme: dark)')
  private readonly schemeChanged = () => this.render()

  private scheme(): 'light' | 'dark' {
    const chosen = this.getAttribute('theme')
    if (chosen === 'light' || chosen === 'dark') return chosen
    const host = getComputedStyle(this.parentElement ?? document.documentElement).colorScheme
    const dark = /\bdark\b/.test(host)
    const light = /\blight\b/.test(host)
    if (dark !== light) return dark ? 'dark' : 'light'
    return this.darkMedia.matches ? 'dark' : 'light'
  }

  connectedCallback() {
    if (!this.root) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
      shadow.adoptedStyleSheets = [styleSheet()]
      const mount = document.createElement('div')
      shadow.append(mount)
      this.root = createRoot(mount)
      this.darkMedia.addEventListener('change', this.schemeChanged)
    }
    this.render()
  }

  disconnectedCallback() {
    this.darkMedia.removeEventListener('change', this.schemeChanged)
    this.root?.unmount()
    this.root = undefined
    this.shadowRoot?.replaceChildren()
  }

  attributeChangedCallback() {
    if (this.root) this.render()
  }

  private emit(name: string, detail: unknown) {
    this.dispatchEvent(new CustomEvent(`quayside:${name}`, { detail, bubbles: true, composed: true }))
  }

  private render() {
    const view = this.getAttribute('view') as WidgetView
    this.root?.render(
      <WidgetApp
        token={this.getAttribute('token') ?? ''}
        shipment={this.getAttribute('shipment') || undefined}
        number={this.getAttribute('number') || undefined}
        view={VIEWS.includes(view) ? view : 'summary'}
        locale={localeOf(this.getAttribute('locale') ?? document.documentElement.lang)}
        timeZone={this.getAttribute('time-zone') === 'viewer' ? 'viewer' : 'port'}
        scheme={this.scheme()}
        onLoaded={(count) => this.emit('loaded', { count })}
        onFailed={(code, message) => this.emit('error', { code, message })}
        onSelect={(type, id, number) => this.emit('select', { type, id, number })}
      />,
    )
  }
}
