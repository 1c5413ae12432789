import { describe, expect, it } from 'vitest'
import { attachmentDisposition } from './content-disposition'

describe('attachmentDisposition', () => {
  it('keeps a plain ASCII name as it is', () => {
    expect(attachmentDisposition('BL MAEU123.pdf')).toBe('attachment; filename="BL MAEU123.pdf"')
  })

  it('gives a Cyrillic or emoji name an ASCII fallback and the UTF-8 name in filename*', () => {
    expect(attachmentDisposition('Коносамент №7.pdf')).toBe(
      `attachment; filename="__________ _7.pdf"; filename*=UTF-8''%D0%9A%D0%BE%D0%BD%D0%BE%D1%81%D0%B0%D0%BC%D0%B5%D0%BD%D1%82%20%E2%84%967.pdf`,
    )
    expect(attachmentDisposition('🚢 invoice.pdf')).toBe(
      `attachment; filename="_ invoice.pdf"; filename*=UTF-8''%F0%9F%9A%A2%20invoice.pdf`,
    )
  })

  it('escapes quotes, backslashes and the characters RFC 8187 does not allow bare', () => {
    expect(attachmentDisposition(`a"b\\c (1)'*.pdf`)).toBe(
      `attachment; filename="a_b_c (1)'*.pdf"; filename*=UTF-8''a%22b%5Cc%20%281%29%27%2A.pdf`,
    )
  })

  it('gives a value that Headers accepts, and that decodes back to the name', () => {
    for (const name of ['Коносамент.pdf', '提单.pdf', '👍🏽.png', 'Zoë.pdf']) {
      const value = attachmentDisposition(name)
      expect(() => new Headers({ 'Content-Disposition': value })).not.toThrow()
      expect(decodeURIComponent(value.split("UTF-8''")[1])).toBe(name)
    }
  })
})
