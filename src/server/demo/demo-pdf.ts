import { PDFDocument, StandardFonts } from 'pdf-lib'

export type DocumentLayout = {
  lines: [label: string, value?: string][]
  messy?: boolean
}

export async function drawDocumentPdf(layout: DocumentLayout) {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(layout.messy ? StandardFonts.Courier : StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const page = pdf.addPage([612, 792])
  layout.lines.forEach(([label, value], i) => {
    const y = 740 - i * 20
    const x = layout.messy ? 60 + (i % 3) * 4 : 60
    page.drawText(label, { x, y, size: i === 0 ? 16 : 10, font: i === 0 ? bold : font })
    if (value !== undefined) page.drawText(value, { x: x + 170, y, size: 10, font })
  })
  return pdf.save({ useObjectStreams: false })
}
