const LETTER_VALUES: Record<string, number> = {}
{
  let value = 10
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value++
    LETTER_VALUES[letter] = value++
  }
}

/** ISO 6346: the check digit of a container's owner code, category and serial (first ten characters). */
export function containerCheckDigit(first10: string) {
  let sum = 0
  for (let i = 0; i < 10; i++) {
    const char = first10[i]
    const value = /\d/.test(char) ? Number(char) : LETTER_VALUES[char]
    sum += value * 2 ** i
  }
  return (sum % 11) % 10
}

export const isValidContainerNumber = (number: string) =>
  /^[A-Z]{3}[UJZ]\d{7}$/.test(number) && containerCheckDigit(number) === Number(number[10])

/** IMO numbers: the last digit is the sum of the first six weighted 7..2, mod 10. */
export const imoCheckDigit = (first6: string) =>
  [...first6].reduce((sum, digit, i) => sum + Number(digit) * (7 - i), 0) % 10
