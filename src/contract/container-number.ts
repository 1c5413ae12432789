// ISO 6346 container numbers: four letters (owner code and category U, J or Z), six serial digits and a
// check digit. A pure rule both sides use: the service to infer a number's type, the dashboard to catch a
// typo before it is sent.

const LETTER_VALUES: Record<string, number> = {}
{
  let value = 10
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++
    LETTER_VALUES[letter] = value++
  }
}

/** The check digit of a container's owner code, category and serial (its first ten characters). */
export function containerCheckDigit(first10: string) {
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const char = first10[i]
    const value = /\d/.test(char) ? Number(char) : LETTER_VALUES[char]
    sum += value * 2 ** i
  }
  return (sum % 11) % 10
}

/** Upper case without spaces, dashes or dots: "mscu 123456-6" -> "MSCU1234566". */
export const normalizeContainerNumber = (raw: string) => raw.replaceAll(/[\s.\-/]+/g, '').toUpperCase()

/** Has the form of a container number (4 letters, 7 digits), whether or not its check digit is right. */
export const looksLikeContainerNumber = (number: string) => /^[A-Z]{3}[UJZ]\d{7}$/.test(number)

export const isValidContainerNumber = (number: string) =>
  looksLikeContainerNumber(number) && containerCheckDigit(number) === Number(number[10])

/**
 * Numbers a person probably meant when the check digit fails: two neighbouring digits swapped (the
 * commonest slip, which the check digit always catches), then the same number with the right check digit.
 */
export function likelyContainerNumbers(number: string): string[] {
  if (!looksLikeContainerNumber(number) || isValidContainerNumber(number)) return []
  const swaps: string[] = []
  for (let i = 4; i < 10; i++) {
    const chars = [...number]
    ;[chars[i], chars[i + 1]] = [chars[i + 1], chars[i]]
    const swapped = chars.join('')
    if (swapped !== number && isValidContainerNumber(swapped)) swaps.push(swapped)
  }
  const corrected = `${number.slice(0, 10)}${containerCheckDigit(number)}`
  return [...new Set([...swaps, corrected])]
}
