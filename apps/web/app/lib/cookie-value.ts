/** One cookie's raw value from a Cookie header, or undefined when the header does not carry it. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=').trim()
  }
  return undefined
}
