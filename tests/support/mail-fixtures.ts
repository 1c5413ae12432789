import MailComposer from 'nodemailer/lib/mail-composer/index.js'
import type Mail from 'nodemailer/lib/mailer/index.js'
import { PDFDocument, StandardFonts } from 'pdf-lib'

/** A real one-page PDF with these lines of text. */
export async function samplePdf(lines: string[]) {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const page = pdf.addPage([612, 792])
  lines.forEach((line, i) => {
    page.drawText(line, { x: 72, y: 720 - i * 18, size: 12, font })
  })
  return pdf.save({ useObjectStreams: false })
}

/** A whole RFC 5322 message, as a mail server would receive it. */
export function composeMessage(options: Mail.Options): Promise<Buffer> {
  return new MailComposer(options).compile().build()
}
