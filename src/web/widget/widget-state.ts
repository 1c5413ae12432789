import { z } from 'zod/mini'
import { containerStateOf, holdsLine, stateWords } from '../../contract/container-state'
import { ContainerSchema } from '../../contract/containers'
import { detentionProjection } from '../../contract/detention'
import type { AnyResource } from '../../contract/document'
import { serviceNow } from '../api/service-clock'
import type { Locale } from './widget-messages'

const FEES: Record<Locale, Record<string, string>> = {
  en: {
    demurrage: 'Demurrage',
    exam: 'Exam',
    extended_dwell_time: 'Extended dwell time',
    other: 'Other',
    total: 'Total',
  },
  es: {
    demurrage: 'Demoras',
    exam: 'Inspección',
    extended_dwell_time: 'Estadía prolongada',
    other: 'Otros',
    total: 'Total',
  },
}

/** One it does not know is spelled out, never shown as a key. */
export const feeWords = (type: unknown, locale: Locale) => {
  const key = typeof type === 'string' ? type : 'other'
  const known = FEES[locale][key]
  if (known) return known
  const words = key.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** By the contract's one rule, so the widget never says what the dashboard denies. */
export function widgetState(container: AnyResource, locale: Locale, now = serviceNow()) {
  const parsed = z.safeParse(ContainerSchema, container)
  if (!parsed.success) return undefined
  const a = parsed.data.attributes
  const kind = containerStateOf(a, now)
  return {
    kind,
    ...stateWords(kind, a, {}, locale),
    holds: holdsLine(a, locale),
    /** Only when the fees (and with them the empty's deadline and tariff) are shared. */
    detention: detentionProjection(a, now),
  }
}
