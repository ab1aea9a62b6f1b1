import { fileTypeFromBuffer } from 'file-type'

/**
 * The upload pipeline's one content rule (DESIGN §2 "type by content"): a file is the type its bytes say
 * (`file-type` reads the format's own signature and structure, never the name or the browser's word), and
 * that type must be the one it was declared as and one the caller accepts. A PDF renamed .png, an SVG or an
 * HTML page, or bytes of no known format answer null. Used for a fan's form file (`completeUpload`) and an
 * admin's catalogue image (`storePublicImage`).
 */
export async function typeByContent<T extends string>(
  bytes: Uint8Array,
  declared: string,
  accept: readonly T[],
  opts: {
    /**
     * An animated PNG is a PNG to every viewer (which shows its first frame where animation is not
     * supported): the catalogue's images take it as one, as their signature check always did.
     */
    animatedPngAsPng?: boolean
  } = {},
): Promise<T | null> {
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime as string | undefined
  const type = opts.animatedPngAsPng && sniffed === 'image/apng' ? 'image/png' : sniffed
  if (type === undefined || type !== declared) return null
  return (accept as readonly string[]).includes(type) ? (type as T) : null
}
