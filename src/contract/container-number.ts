// ISO 6346: owner code, category U/J/Z, six serial digits, check digit. Shared by service and dashboard.

const LETTER_VALUES: Record<string, number> = {}
{
  let value = 10
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++
    LETTER_VALUES[letter] = value++
  }
}

export function containerCheckDigit(first10: string) {
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const char = first10[i]
    const value = /\d/.test(char) ? Number(char) : LETTER_VALUES[char]
    sum += value * 2 ** i
  }
  return (sum % 11) % 10
}

export const normalizeContainerNumber = (raw: string) => raw.replaceAll(/[\s.\-/]+/g, '').toUpperCase()

export const looksLikeContainerNumber = (number: string) => /^[A-Z]{3}[UJZ]\d{7}$/.test(number)

export const isValidContainerNumber = (number: string) =>
  looksLikeContainerNumber(number) && containerCheckDigit(number) === Number(number[10])

/** Adjacent digits swapped first: the commonest slip, which the check digit always catches. */
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
