import { inflateSync } from 'node:zlib'
import { expect, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib'
import { waitForHydration } from './page'

/**
 * Types the code at the gate page (opened once per event) and reads the answer it shows; `by: 'document'`
 * types an identity document (CC) instead, for tickets that admit by it.
 */
export async function scanAtGate(
  gate: Page,
  eventId: string,
  code: string,
  by: 'code' | 'document' = 'code',
): Promise<string> {
  if (!gate.url().includes(`/assistant/check-in?eventId=${eventId}`)) {
    await gate.goto(`/assistant/check-in?eventId=${eventId}`)
    await waitForHydration(gate)
    await expect(gate.getByTestId('checkin-event')).toHaveValue(eventId)
  }
  const shown = gate.getByTestId('checkin-result')
  const before = (await shown.count()) > 0 ? await shown.getAttribute('data-scan') : null
  await gate.getByTestId(by === 'code' ? 'checkin-code' : 'checkin-document').fill(code)
  await gate.getByTestId(by === 'code' ? 'checkin-submit' : 'checkin-document-submit').click()
  const result = gate.getByTestId('checkin-result')
  await expect(result).not.toHaveAttribute('data-scan', before ?? '-')
  return (await result.getAttribute('data-result')) ?? ''
}

const PX_PER_POINT = 3

/** A PDF page's content streams, inflated, as the operators that draw it. */
function drawingOf(doc: PDFDocument, page: ReturnType<PDFDocument['getPages']>[number]): string {
  const contents = page.node.get(PDFName.of('Contents'))
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents]
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref as PDFRef)
      if (!(stream instanceof PDFRawStream)) return ''
      const filter = stream.dict.get(PDFName.of('Filter'))
      const raw = filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : stream.contents
      return Buffer.from(raw).toString('latin1')
    })
    .join('\n')
}

/**
 * The words printed on a tickets PDF, as a reader of the paper sees them: the strings its pages show (pdf-lib
 * writes them as hex in WinAnsi, which is Latin-1 for Spanish), one per line.
 */
export async function textOfPdf(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  return doc
    .getPages()
    .flatMap((page) =>
      [...drawingOf(doc, page).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) =>
        Buffer.from(m[1] ?? '', 'hex').toString('latin1'),
      ),
    )
    .join('\n')
}

/**
 * The QR codes printed in a tickets PDF, one per page that has one, decoded from the page's own drawing: the
 * black rectangles of its content stream are painted into a bitmap the way a printer would, and jsQR reads
 * it as a scanner at the gate would read the paper. What is checked is the picture, not the text the server
 * meant to draw.
 */
export async function qrCodesOfPdf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  const codes: string[] = []
  for (const page of doc.getPages()) {
    const text = drawingOf(doc, page)
    // The QR: rectangles filled black in one path (apps/api/src/modules/tickets/ticket-pdf.ts).
    const block = /0 0 0 rg\s+((?:[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ re\s+)+)f/.exec(text)?.[1]
    if (!block) continue
    const rects = [...block.matchAll(/([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re/g)].map((m) =>
      m.slice(1, 5).map(Number),
    ) as [number, number, number, number][]
    const left = Math.min(...rects.map(([x]) => x))
    const bottom = Math.min(...rects.map(([, y]) => y))
    const right = Math.max(...rects.map(([x, , w]) => x + w))
    const top = Math.max(...rects.map(([, y, , h]) => y + h))
    const margin = 20
    const width = Math.ceil((right - left) * PX_PER_POINT) + 2 * margin
    const height = Math.ceil((top - bottom) * PX_PER_POINT) + 2 * margin
    const pixels = new Uint8ClampedArray(width * height * 4).fill(255)
    for (const [x, y, w, h] of rects) {
      const x0 = Math.round((x - left) * PX_PER_POINT) + margin
      const x1 = Math.round((x + w - left) * PX_PER_POINT) + margin
      // PDF's y grows upwards; a bitmap's rows grow downwards.
      const y0 = Math.round((top - y - h) * PX_PER_POINT) + margin
      const y1 = Math.round((top - y) * PX_PER_POINT) + margin
      for (let row = y0; row < y1; row++)
        for (let col = x0; col < x1; col++)
          pixels.fill(0, (row * width + col) * 4, (row * width + col) * 4 + 3)
    }
    const found = jsQR(pixels, width, height)
    if (found) codes.push(found.data)
  }
  return codes
}

/**
 * Takes a real screenshot of the QR canvas and decodes it with jsQR. The PNG is turned back into pixels by
 * the browser's own image decoder (no PNG library needed on this side).
 */
export async function decodeQr(page: Page): Promise<string> {
  const canvas = page.getByTestId('ticket-qr')
  await expect(canvas).toHaveAttribute('data-drawn', 'true')
  const png = await canvas.screenshot()
  const pixels = await page.evaluate(async (b64) => {
    const img = new Image()
    img.src = `data:image/png;base64,${b64}`
    await img.decode()
    const c = document.createElement('canvas')
    c.width = img.naturalWidth
    c.height = img.naturalHeight
    const ctx = c.getContext('2d') as CanvasRenderingContext2D
    ctx.drawImage(img, 0, 0)
    const data = ctx.getImageData(0, 0, c.width, c.height)
    return { width: data.width, height: data.height, data: Array.from(data.data) }
  }, png.toString('base64'))
  const found = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)
  expect(found, 'the QR in the screenshot decodes').not.toBeNull()
  return found?.data ?? ''
}
