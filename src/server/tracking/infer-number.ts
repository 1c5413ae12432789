import { containerCheckDigit, looksLikeContainerNumber } from '../../contract/container-number'
import type { ShippingLine } from '../storage/reference-store'

/** Owned by a line under another prefix. */
const OWNER_CODES: Record<string, string> = {
  MSKU: 'MAEU',
  MRKU: 'MAEU',
  MAEU: 'MAEU',
  MRSU: 'MAEU',
  MEDU: 'MSCU',
  MSCU: 'MSCU',
  MSMU: 'MSCU',
  CMAU: 'CMDU',
  CGMU: 'CMDU',
  EGHU: 'EGLV',
  EISU: 'EGLV',
  EMCU: 'EGLV',
  HLXU: 'HLCU',
  HLBU: 'HLCU',
  ONEU: 'ONEY',
  TCLU: 'ONEY',
  CSNU: 'COSU',
  CBHU: 'COSU',
  OOLU: 'OOLU',
  OOCU: 'OOLU',
  ZIMU: 'ZIMU',
  ZCSU: 'ZIMU',
  YMLU: 'YMLU',
  WHLU: 'WHLC',
  HDMU: 'HDMU',
  APLU: 'APLU',
  APZU: 'APLU',
  MATU: 'MATS',
}

type Guess = { scac: string; name: string; confidence: number }

/** Containers by their ISO 6346 check digit and owner code, bills of lading by the line's prefix. */
export function inferNumber(raw: string, lines: ShippingLine[]) {
  const number = raw.replaceAll(/\s+/g, '').toUpperCase()
  const byScac = new Map(lines.map((line) => [line.scac, line]))
  const guess = (scac: string, confidence: number): Guess | undefined => {
    const line = byScac.get(scac)
    return line && { scac: line.scac, name: line.name, confidence }
  }
  const decide = (candidates: Guess[]) => {
    const best = candidates.sort((a, b) => b.confidence - a.confidence)
    const selected = best[0]
    const decision = !selected
      ? 'no_prediction'
      : selected.confidence >= 0.9 && best.length === 1
        ? 'auto_select'
        : 'needs_confirmation'
    return { decision, selected: decision === 'no_prediction' ? null : selected, candidates: best }
  }

  if (looksLikeContainerNumber(number)) {
    const passed = containerCheckDigit(number) === Number(number[10])
    const owner = OWNER_CODES[number.slice(0, 4)] ?? number.slice(0, 4)
    const candidate = guess(owner, passed ? 1 : 0.6)
    return {
      number_type: 'container',
      validation: {
        is_valid: passed,
        type: 'container',
        check_digit_passed: passed,
        parsed_number: number,
        reason: passed ? null : `The check digit should be ${containerCheckDigit(number)}, not ${number[10]}`,
      },
      shipping_line: decide(candidate ? [candidate] : []),
    }
  }

  const prefixed = lines
    .filter((line) => line.bill_of_lading_prefix && number.startsWith(line.bill_of_lading_prefix))
    .map((line) => guess(line.scac, 0.95)!)
  const byScacPrefix = lines
    .filter((line) => number.startsWith(line.scac) && !prefixed.some((p) => p.scac === line.scac))
    .map((line) => guess(line.scac, 0.7)!)
  const candidates = [...prefixed, ...byScacPrefix]
  const looksLikeBooking = /^\d{6,}$/.test(number)
  return {
    number_type: looksLikeBooking ? 'booking' : 'bill_of_lading',
    validation: {
      is_valid: number.length >= 6,
      type: 'shipment',
      check_digit_passed: null,
      parsed_number: number,
      reason: number.length >= 6 ? null : 'A bill of lading or booking number has at least 6 characters',
    },
    shipping_line: decide(candidates),
  }
}
