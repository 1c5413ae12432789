const MARKERS: Record<string, { titles: RegExp[]; phrases: RegExp[] }> = {
  arrival_notice: {
    titles: [/arrival notice/i, /notice of arrival/i, /cargo arrival/i],
    phrases: [
      /last free day|\bLFD\b/i,
      /\bETA\b|estimated (time of )?arrival/i,
      /free time/i,
      /charges due/i,
    ],
  },
  bill_of_lading: {
    titles: [/bill of lading/i, /\bsea ?way ?bill\b/i],
    phrases: [
      /\bshipper\b/i,
      /\bconsignee\b/i,
      /notify party/i,
      /shipped on board/i,
      /freight (prepaid|collect)/i,
    ],
  },
  delivery_order: {
    titles: [/delivery order/i, /release order/i],
    phrases: [
      /deliver to/i,
      /release(d)? to/i,
      /\btrucker\b|\bcarrier to pick ?up\b/i,
      /pick ?up (no|number)/i,
    ],
  },
  commercial_invoice: {
    titles: [/commercial invoice/i, /^\s*invoice\b/im, /freight invoice/i],
    phrases: [/invoice (no|number|#)/i, /total (amount|due)/i, /unit price/i, /payment terms/i],
  },
  packing_list: {
    titles: [/packing list/i],
    phrases: [/gross weight/i, /net weight/i, /\bpackages\b|\bcartons\b/i, /measurement|\bCBM\b/i],
  },
  customs_entry: {
    titles: [/entry summary/i, /customs entry/i, /CBP form 7501/i],
    phrases: [/entry (no|number|type)/i, /\bHTS\b|tariff/i, /importer of record/i, /duty/i],
  },
  certificate_of_origin: {
    titles: [/certificate of origin/i],
    phrases: [/country of origin/i, /\bexporter\b/i, /certif(y|ied)/i],
  },
}

export type Classification = { documentType: string; confidence: number; evidence: string[] }

/** A title in the first lines scores 5, a phrase anywhere 1; below 2 points it is `other`. */
export function classifyDocument(pages: string[]): Classification {
  const text = pages.join('\n')
  const head = text.slice(0, 400)
  const scores = Object.entries(MARKERS).map(([type, { titles, phrases }]) => {
    const evidence: string[] = []
    let score = 0
    for (const title of titles) {
      const found = head.match(title)
      if (found) {
        score += 5
        evidence.push(found[0])
      }
    }
    for (const phrase of phrases) {
      const found = text.match(phrase)
      if (found) {
        score += 1
        evidence.push(found[0])
      }
    }
    return { type, score, evidence }
  })
  scores.sort((a, b) => b.score - a.score)
  const [best, second] = scores
  if (best.score < 2) return { documentType: 'other', confidence: 0.5, evidence: [] }
  const confidence = Math.min(0.99, 0.5 + (best.score - second.score) / (2 * best.score))
  return { documentType: best.type, confidence: Number(confidence.toFixed(2)), evidence: best.evidence }
}
