import type { Stores } from '../storage/storage'
import type { Random } from '../tracking/seeded-random'

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

/** A small, valid one-page PDF that says what the document is. */
function pdf(lines: string[]) {
  const text = lines
    .map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 18} Td (${line.replaceAll(/[()\\]/g, '')}) Tj ET`)
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}

const KINDS = [
  ['arrival_notice', 'Arrival notice'],
  ['bill_of_lading', 'Bill of lading'],
  ['commercial_invoice', 'Commercial invoice'],
] as const

/** Inbound emails from carriers with their PDFs, what was read from them, and the shipments they belong to. */
export async function seedDocuments(
  storage: Stores,
  accountId: string,
  featured: Featured[],
  now: Date,
  random: Random,
) {
  for (const [index, { shipment, containers }] of featured.slice(0, 12).entries()) {
    const sentAt = new Date(now.getTime() - (index + 1) * 7 * 3_600_000)
    const submissionId = random.uuid()
    const line = shipment.shipping_line_name ?? 'Carrier'
    await storage.demo.insert('emailSubmissions', [
      {
        id: submissionId,
        account_id: accountId,
        subject: `${line}: documents for ${shipment.bill_of_lading_number}`,
        body: `Please find attached the documents for bill of lading ${shipment.bill_of_lading_number}.`,
        from: [`documentation@${line.toLowerCase().replaceAll(/[^a-z]/g, '')}.example`],
        to: ['harbor-freight-demo-co@quayside.localhost'],
        cc: index % 2 === 0 ? ['broker@customs.example'] : [],
        sent_at: sentAt,
        message_id: `<${submissionId}@mail.example>`,
        references: [],
        content_type: 'multipart/mixed',
        created_at: new Date(sentAt.getTime() + 60_000),
        updated_at: new Date(sentAt.getTime() + 60_000),
      },
    ])
    for (const [kind, label] of KINDS.slice(0, 1 + (index % 3))) {
      const bytes = pdf([
        `${label}`,
        `Bill of lading: ${shipment.bill_of_lading_number}`,
        `Containers: ${containers.map((c) => c.number).join(', ')}`,
      ])
      const documentId = random.uuid()
      await storage.demo.insert('documents', [
        {
          id: documentId,
          account_id: accountId,
          email_submission_id: submissionId,
          name: `${label} ${shipment.bill_of_lading_number}`,
          source: 'email',
          document_type: kind,
          file_name: `${kind}-${shipment.bill_of_lading_number}.pdf`,
          file_content_type: 'application/pdf',
          file_size_bytes: bytes.length,
          file_bytes: bytes,
          created_at: new Date(sentAt.getTime() + 90_000),
          updated_at: new Date(sentAt.getTime() + 90_000),
        },
      ])
      await storage.demo.insert('documentRepresentations', [
        {
          account_id: accountId,
          document_id: documentId,
          schema_version: '1.0',
          payload: {
            document_type: kind,
            bill_of_lading_number: shipment.bill_of_lading_number,
            container_numbers: containers.map((c) => c.number),
            vessel_name: shipment.pod_vessel_name ?? null,
            port_of_discharge: shipment.port_of_discharge_name ?? null,
            eta: shipment.pod_eta_at?.toISOString() ?? null,
          },
          created_at: new Date(sentAt.getTime() + 120_000),
        },
      ])
      await storage.demo.insert('documentLinks', [
        { document_id: documentId, entity_type: 'shipment', entity_id: shipment.id! },
        ...containers.map((c) => ({
          document_id: documentId,
          entity_type: 'container' as const,
          entity_id: c.id!,
        })),
      ])
    }
  }
}
