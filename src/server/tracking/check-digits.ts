/** The sum of the first six digits weighted 7..2, mod 10. */
export const imoCheckDigit = (first6: string) =>
  [...first6].reduce((sum, digit, i) => sum + Number(digit) * (7 - i), 0) % 10
