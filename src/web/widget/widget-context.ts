import type { AnyResource } from '../../contract/document'
import type { FailureCode } from './widget-api'
import type { Locale, WidgetMessages } from './widget-messages'

export type WidgetView = 'summary' | 'containers' | 'timeline'

export type WidgetProps = {
  token: string
  shipment?: string
  number?: string
  view: WidgetView
  locale: Locale
  /** `port`: every time in the zone of the place it happens; `viewer`: in the browser's zone. */
  timeZone: 'port' | 'viewer'
  scheme: 'light' | 'dark'
  onLoaded: (count: number) => void
  onFailed: (code: FailureCode, message: string) => void
  onSelect: (type: string, id: string, number: string) => void
}

/** What every part of the widget reads: its words, locale, time zone rule and the host's props. */
export type Ctx = {
  m: WidgetMessages
  locale: Locale
  zone: (portZone: unknown) => string | undefined
  props: WidgetProps
}

export const attr = (resource: AnyResource, name: string) => resource.attributes?.[name]
export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
