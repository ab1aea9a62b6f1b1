/**
 * A saved card's brand as a person reads it. Providers name brands their own way (the sandbox `visa`,
 * Mercado Pago `master` or `debvisa`, Kushki `VISA`): known ones get their proper name, others a capital.
 */
const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  debvisa: 'Visa',
  master: 'Mastercard',
  mastercard: 'Mastercard',
  debmaster: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
}

export function cardBrandName(brand: string): string {
  const key = brand
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
  const known = BRANDS[key]
  if (known) return known
  const text = brand.trim()
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1).toLowerCase()}` : text
}
