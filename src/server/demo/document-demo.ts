import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import { receiveMessage } from '../mail/ingest-message'
import { defaultServiceConfig } from '../service-config'
import type { Stores } from '../storage/storage'
import type { Random } from '../tracking/seeded-random'
import { type DocumentLayout, drawDocumentPdf } from './demo-pdf'

type Featured = {
  shipment: {
    id?: string
    bill_of_lading_number: string
    shipping_line_name?: string | null
    pod_vessel_name?: string | null
    pod_eta_at?: Date | null
    port_of_discharge_name?: string | null
  }
  containers: { id?: string; number: string }[]
}

const DAY = 86_400_000
const day = (at: Date) => at.toISOString().slice(0, 10)

const mistyped = (number: string) => `${number.slice(0, 10)}${(Number(number[10]) + 1) % 10}`

function arrivalNotice(
  { shipment, containers }: Featured,
  options: { messy?: boolean; typo?: boolean; lfd: Date },
) {
  const eta = shipment.pod_eta_at ?? new Date(options.lfd.getTime() - 5 * DAY)
  return {
    messy: options.messy,
    lines: [
      ['ARRIVAL NOTICE'],
      ['B/L No:', shipment.bill_of_lading_number],
      [
        'Vessel / Voyage:',
        `${(shipment.pod_vessel_name ?? 'MSC ANNA').toUpperCase()} / ${shipment.bill_of_lading_number.slice(-4)}E`,
      ],
      ['Port of Discharge:', shipment.port_of_discharge_name ?? 'Los Angeles'],
      ['ETA:', day(eta)],
      ['Last Free Day:', day(options.lfd)],
      ...containers.map((c, i): [string, string] => [
        'Container:',
        i === 0 && options.typo ? mistyped(c.number) : c.number,
      ]),
      ['Terminal handling', 'USD 385.00'],
      ['Documentation fee', 'USD 65.00'],
    ],
  } satisfies DocumentLayout
}

const billOfLading = ({ shipment, containers }: Featured): DocumentLayout => ({
  lines: [
    ['BILL OF LADING'],
    ['B/L No.', shipment.bill_of_lading_number],
    ['Shipper:', 'Ningbo Lights Co.'],
    ['Consignee:', 'Harbor Freight Demo Co.'],
    ['Notify Party:', 'Same as consignee'],
    ['Port of Discharge:', shipment.port_of_discharge_name ?? 'Los Angeles'],
    ...containers.map((c): [string, string] => ['Container:', c.number]),
    ['Freight prepaid'],
  ],
})

const invoice = ({ shipment }: Featured, index: number): DocumentLayout => ({
  lines: [
    ['COMMERCIAL INVOICE'],
    ['Invoice No:', `INV-2026-${1100 + index}`],
    ['B/L No:', shipment.bill_of_lading_number],
    ['Payment terms:', '30 days'],
    ['Unit price', 'USD 4.20'],
    ['Total amount', `USD ${(8400 + index * 120).toFixed(2)}`],
  ],
})

/** Through the same path as real mail; some are messy (scan, wrong check digit, two containers, a reply). */
export async function seedDocuments(
  stores: Stores,
  accountId: string,
  featured: Featured[],
  now: Date,
  random: Random,
) {
  const inbound = `${await stores.mail.inboundSlug(accountId)}@${defaultServiceConfig.inboundDomain}`
  for (const [index, item] of featured.slice(0, 12).entries()) {
    const { shipment } = item
    const sentAt = new Date(now.getTime() - (index + 1) * 7 * 3_600_000)
    const line = shipment.shipping_line_name ?? 'Carrier'
    const from = `documentation@${line.toLowerCase().replaceAll(/[^a-z]/g, '')}.example`
    const lfd = new Date((shipment.pod_eta_at ?? now).getTime() + 5 * DAY)
    const notice = arrivalNotice(item, { messy: index === 4, typo: index === 6, lfd })
    const layouts: [string, DocumentLayout][] = [
      [`arrival-notice-${shipment.bill_of_lading_number}.pdf`, notice],
      [`bill-of-lading-${shipment.bill_of_lading_number}.pdf`, billOfLading(item)],
      [`invoice-${shipment.bill_of_lading_number}.pdf`, invoice(item, index)],
    ]
    const messageId = `<${random.uuid()}@${from.split('@')[1]}>`
    const send = async (subject: string, attachments: [string, DocumentLayout][], at: Date, extra = {}) => {
      const raw = await new MailComposer({
        from: `${line} Documentation <${from}>`,
        to: inbound,
        cc: index % 2 === 0 ? 'broker@customs.example' : undefined,
        subject,
        date: at,
        text: `Please find attached the documents for bill of lading ${shipment.bill_of_lading_number}.`,
        html: `<p>Please find attached the documents for bill of lading <b>${shipment.bill_of_lading_number}</b>.</p><p><img src="https://tracker.${from.split('@')[1]}/open.gif" alt=""></p>`,
        attachments: await Promise.all(
          attachments.map(async ([filename, layout]) => ({
            filename,
            content: Buffer.from(await drawDocumentPdf(layout)),
          })),
        ),
        ...extra,
      })
        .compile()
        .build()
      await receiveMessage(
        stores,
        accountId,
        new Uint8Array(raw),
        new Date(at.getTime() + (2 + index) * 60_000),
      )
    }
    await send(
      `${line}: documents for ${shipment.bill_of_lading_number}`,
      layouts.slice(0, 1 + (index % 3)),
      sentAt,
      {
        messageId,
      },
    )
    if (index === 2) {
      const revised = arrivalNotice(item, { lfd: new Date(lfd.getTime() + 2 * DAY) })
      await send(
        `Re: ${line}: documents for ${shipment.bill_of_lading_number} (revised last free day)`,
        [[`arrival-notice-${shipment.bill_of_lading_number}-revised.pdf`, revised]],
        new Date(sentAt.getTime() + 3 * 3_600_000),
        { inReplyTo: messageId, references: [messageId] },
      )
    }
  }
}
