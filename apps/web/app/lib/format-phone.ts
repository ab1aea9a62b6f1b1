import type { PhonePrefix } from '@palco/domain/locale/country'

/**
 * A stored number (national digits) as people read it, grouped like the spec's placeholders (§5):
 * "+57 300 2223344" and "+52 55 1234 5678". Anything that is not 10 digits is shown as it is.
 */
export function formatPhone(
  prefix: PhonePrefix | null | undefined,
  national: string | null | undefined,
): string {
  if (!national) return ''
  const digits = national.replace(/\D/g, '')
  let grouped = national
  if (digits.length === 10) {
    grouped =
      prefix === '+52'
        ? `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`
        : `${digits.slice(0, 3)} ${digits.slice(3)}`
  }
  return prefix ? `${prefix} ${grouped}` : grouped
}
