/**
 * CLABE, Mexico's 18-digit interbank account number used for SPEI: 3 digits bank, 3 digits plaza,
 * 11 digits account, 1 check digit. The check digit (Banco de México's rule): multiply the first 17 digits
 * by the weights 3, 7, 1 repeating, keep each product modulo 10, add them up; the check digit is
 * (10 − sum mod 10) mod 10.
 */

const WEIGHTS = [3, 7, 1] as const

export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('A CLABE check digit needs exactly 17 digits')
  let sum = 0
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (WEIGHTS[i % 3] ?? 1)) % 10
  return (10 - (sum % 10)) % 10
}

export const isValidClabe = (clabe: string): boolean =>
  /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17])

/** Builds a CLABE from its parts; the account is zero-padded to 11 digits. */
export function makeClabe(bank: string, plaza: string, account: string): string {
  if (!/^\d{3}$/.test(bank) || !/^\d{3}$/.test(plaza) || !/^\d{1,11}$/.test(account)) {
    throw new RangeError('CLABE parts: 3-digit bank, 3-digit plaza, up to 11-digit account')
  }
  const first17 = `${bank}${plaza}${account.padStart(11, '0')}`
  return `${first17}${clabeCheckDigit(first17)}`
}

/** A few SPEI participants, for labelling a CLABE by its bank prefix. */
export const SPEI_BANKS: Readonly<Record<string, string>> = {
  '002': 'Banamex',
  '012': 'BBVA México',
  '014': 'Santander',
  '021': 'HSBC',
  '072': 'Banorte',
  '646': 'STP',
}

export const bankNameOfClabe = (clabe: string): string | null => SPEI_BANKS[clabe.slice(0, 3)] ?? null
