import { type DocumentLayout, drawDocumentPdf } from '../../src/server/demo/demo-pdf'

/** A generated shipping document and what a careful reader finds in it. */
export type CorpusDocument = DocumentLayout & {
  name: string
  expected: {
    document_type: string
    containers: string[]
    bills: string[]
    last_free_day?: string
    eta?: string
  }
}

export const corpusPdf = (document: CorpusDocument) => drawDocumentPdf(document)

/** The corpus: clean and messy documents of each type, two containers in one notice, a wrong check digit. */
export const DOCUMENT_CORPUS: CorpusDocument[] = [
  {
    name: 'arrival notice, clean',
    lines: [
      ['ARRIVAL NOTICE'],
      ['B/L No:', 'MAEU240512345'],
      ['Vessel / Voyage:', 'MAERSK ESSEX / 442W'],
      ['Port of Loading:', 'Shanghai'],
      ['Port of Discharge:', 'Los Angeles, CA'],
      ['ETA:', '2026-11-26'],
      ['Last Free Day:', '2026-12-01'],
      ['Container:', 'MSKU1234565 40HC'],
      ['Demurrage', 'USD 150.00'],
      ['Terminal handling', 'USD 385.00'],
    ],
    expected: {
      document_type: 'arrival_notice',
      containers: ['MSKU1234565'],
      bills: ['MAEU240512345'],
      last_free_day: '2026-12-01',
      eta: '2026-11-26',
    },
  },
  {
    name: 'arrival notice with two containers',
    lines: [
      ['Notice of Arrival'],
      ['Bill of Lading Number:', 'MEDUA1234567'],
      ['Vessel:', 'MSC ANNA'],
      ['Voyage No:', 'FA512E'],
      ['ETA:', '28-Nov-2026'],
      ['LFD:', '12/03/2026'],
      ['Containers:', 'MEDU 123456 2, TGHU 987654 2'],
      ['Charges due before release'],
    ],
    expected: {
      document_type: 'arrival_notice',
      containers: ['MEDU1234562', 'TGHU9876542'],
      bills: ['MEDUA1234567'],
      last_free_day: '2026-12-03',
      eta: '2026-11-28',
    },
  },
  {
    name: 'arrival notice, scanned-looking',
    messy: true,
    lines: [
      ['ARRIVAL  NOTICE'],
      ['BL#', 'HLCUSHA2411ABC1'],
      ['Vessel', 'ONE HAMMERSMITH'],
      ['ETA', 'Nov 30, 2026'],
      ['Free time expires', '2026-12-05'],
      ['Cntr', 'HLXU8765432'],
      ['Cntr', 'CSQU3054383'],
    ],
    expected: {
      document_type: 'arrival_notice',
      containers: ['CSQU3054383'],
      bills: ['HLCUSHA2411ABC1'],
      last_free_day: '2026-12-05',
      eta: '2026-11-30',
    },
  },
  {
    name: 'bill of lading',
    lines: [
      ['BILL OF LADING'],
      ['B/L No.', 'COSU6301234560'],
      ['Shipper:', 'Ningbo Lights Co.'],
      ['Consignee:', 'Harbor Freight Demo Co.'],
      ['Notify Party:', 'Same as consignee'],
      ['Port of Loading:', 'Ningbo'],
      ['Port of Discharge:', 'Long Beach, CA'],
      ['Container / Seal:', 'CSQU3054383 / SL99812'],
      ['Shipped on board', '2026-11-02'],
    ],
    expected: { document_type: 'bill_of_lading', containers: ['CSQU3054383'], bills: ['COSU6301234560'] },
  },
  {
    name: 'delivery order',
    lines: [
      ['DELIVERY ORDER'],
      ['Master B/L:', 'OOLU2712345670'],
      ['Deliver to:', 'Inland Depot 4, Ontario CA'],
      ['Pick up number:', 'PU-88120'],
      ['Container:', 'OOLU6214877'],
    ],
    expected: { document_type: 'delivery_order', containers: ['OOLU6214877'], bills: ['OOLU2712345670'] },
  },
  {
    name: 'commercial invoice without shipping numbers',
    lines: [
      ['COMMERCIAL INVOICE'],
      ['Invoice No:', 'INV-2026-1182'],
      ['Payment terms:', '30 days'],
      ['Unit price', 'USD 4.20'],
      ['Total amount', 'USD 8400.00'],
    ],
    expected: { document_type: 'commercial_invoice', containers: [], bills: [] },
  },
  {
    name: 'packing list',
    lines: [
      ['PACKING LIST'],
      ['Packages:', '420 cartons'],
      ['Gross weight:', '8,200 kg'],
      ['Net weight:', '7,900 kg'],
      ['Container:', 'TCNU 123456 5'],
    ],
    expected: { document_type: 'packing_list', containers: ['TCNU1234565'], bills: [] },
  },
]
