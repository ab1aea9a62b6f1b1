export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const
export type DeviceType = (typeof DEVICE_TYPES)[number]

const TABLET = /ipad|tablet|playbook|silk|(android(?!.*mobile))/i
const MOBILE = /mobi|iphone|ipod|android.*mobile|blackberry|iemobile|opera mini|windows phone/i

/** Device type from the user agent, decided on the server (spec §1); desktop when unknown. */
export function deviceFromUserAgent(userAgent: string | null | undefined): DeviceType {
  if (!userAgent) return 'desktop'
  if (TABLET.test(userAgent)) return 'tablet'
  if (MOBILE.test(userAgent)) return 'mobile'
  return 'desktop'
}
