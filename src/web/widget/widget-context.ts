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
  timeZone: 'port' | 'viewer'
  scheme: 'light' | 'dark'
  onLoaded: (count: number) => void
  onFailed: (code: FailureCode, message: string) => void
  onSelect: (type: string, id: string, number: string) => void
}

export type Ctx = {
  m: WidgetMessages
  locale: Locale
  zone: (portZone: unknown) => string | undefined
  props: WidgetProps
}

export const attr = (resource: AnyResource, name: string) => resource.attributes?.[name]
export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
