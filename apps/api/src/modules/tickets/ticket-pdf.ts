import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { TicketDetail } from '@palco/domain/tickets/contract'
import { isDynamicQrType } from '@palco/domain/tickets/qr'
import {
  concatTransformationMatrix,
  fill,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingRgbColor,
} from 'pdf-lib'
import QRCode from 'qrcode'

/**
 * Printable tickets (issue 7, part 5): one page per ticket (an A6-ish sheet, or a length of 80 mm thermal
 * roll at the counter, issue 15 part 4; a reprint says so at the top) with the event, date and time in the
 * venue's zone, location, kind, rules and the QR drawn as vector squares (sharp at any printer
 * resolution). Dynamic QR types print no code: a printout would be a screenshot, so the page says to show
 * the ticket from the phone. pdf-lib's standard fonts speak WinAnsi, which covers Spanish; anything else is
 * replaced rather than failing the download.
 */

const COPY = {
  'es-CO': {
    title: 'Boleta',
    date: 'Fecha',
    time: 'Hora',
    venue: 'Lugar',
    kind: 'Tipo',
    purchase: 'Compra',
    rules: 'Reglas',
    dynamic:
      'Esta boleta usa un código QR dinámico que cambia cada pocos segundos. Muéstrelo desde la aplicación o el sitio de Palco en su teléfono; una copia impresa no sirve para ingresar.',
    used: 'Esta boleta ya fue usada.',
    reprint: (copy: number) => `REIMPRESIÓN · copia ${copy}`,
    location: {
      zone: 'Zona',
      entrySide: 'Costado',
      access: 'Acceso',
      section: 'Sección',
      row: 'Fila',
      seat: 'Silla',
      door: 'Puerta',
      locality: 'Localidad',
    },
    kinds: {
      PAID: 'Pagada',
      FREE: 'Gratuita',
      SUBSCRIPTION: 'Abono',
      DEPOSIT: 'Depósito',
      COURTESY: 'Cortesía',
    },
    ruleText: {
      noWeapons: () => 'Prohibido el ingreso de armas.',
      noFood: () => 'Prohibido el ingreso de alimentos y bebidas.',
      noSmoking: () => 'Prohibido fumar.',
      maxTickets: (n: number) => `Máximo ${n} boletas por persona.`,
    },
  },
  'en-US': {
    title: 'Ticket',
    date: 'Date',
    time: 'Time',
    venue: 'Venue',
    kind: 'Type',
    purchase: 'Purchase',
    rules: 'Rules',
    dynamic:
      'This ticket uses a dynamic QR code that changes every few seconds. Show it from the Palco app or website on your phone; a printed copy will not get you in.',
    used: 'This ticket has already been used.',
    reprint: (copy: number) => `REPRINT · copy ${copy}`,
    location: {
      zone: 'Zone',
      entrySide: 'Side',
      access: 'Access',
      section: 'Section',
      row: 'Row',
      seat: 'Seat',
      door: 'Door',
      locality: 'Area',
    },
    kinds: { PAID: 'Paid', FREE: 'Free', SUBSCRIPTION: 'Season', DEPOSIT: 'Deposit', COURTESY: 'Courtesy' },
    ruleText: {
      noWeapons: () => 'No weapons.',
      noFood: () => 'No outside food or drinks.',
      noSmoking: () => 'No smoking.',
      maxTickets: (n: number) => `Maximum ${n} tickets per person.`,
    },
  },
} as const

/**
 * The page shapes a ticket prints on: A6-ish sheets (a fan's download, an office printer at the counter), or
 * an 80 mm thermal roll, whose page is as long as its ticket (issue 15 part 4). Points: 80 mm = 226.8 pt.
 */
/** Where the ticket's place is, in words of the language: "Sección: Norte   Fila: 3   Silla: 12". */
export const placeWords = (t: Pick<TicketDetail, 'location'>, locale: Locale, joiner = '   ') =>
  t.location.map((p) => `${COPY[locale].location[p.key]}: ${p.value}`).join(joiner)

export const TICKET_PDF_LAYOUTS = ['sheet', 'thermal'] as const
export type TicketPdfLayout = (typeof TICKET_PDF_LAYOUTS)[number]
const LAYOUT = {
  sheet: { width: 420, height: 595, margin: 28, qr: 190, scale: 1 },
  thermal: { width: 226.8, height: null, margin: 10, qr: 176, scale: 0.8 },
} as const

/** Keeps only what WinAnsi can encode. */
const printable = (font: PDFFont, text: string): string =>
  [...text]
    .map((ch) => {
      try {
        font.encodeText(ch)
        return ch
      } catch {
        return '?'
      }
    })
    .join('')

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of printable(font, text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

/**
 * The QR as one filled path of horizontal runs of dark modules: a ticket's code has some 500 dark modules,
 * and drawing each as its own rectangle made printing a counter sale's tickets the slowest part of the sale
 * (bench/box-office); a run per row segment is a few hundred operators, one fill, the same picture. The runs
 * are written in whole modules, scaled once by the matrix: short integers are cheaper for pdf-lib to write
 * and to compress than fractional points. The code is one byte-mode segment (our codes are ASCII): the
 * library's search for the shortest mix of modes cost more than the drawing.
 */
function drawQr(page: PDFPage, code: string, x: number, y: number, size: number) {
  const qr = QRCode.create([{ data: Buffer.from(code), mode: 'byte' }], { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const quiet = 4
  const cell = size / (n + quiet * 2)
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) })
  const runs = []
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; ) {
      if (!qr.modules.get(r, c)) {
        c++
        continue
      }
      const start = c
      while (c < n && qr.modules.get(r, c)) c++
      runs.push(rectangle(start + quiet, n + quiet - r - 1, c - start, 1))
    }
  }
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(cell, 0, 0, cell, x, y),
    setFillingRgbColor(0, 0, 0),
    ...runs,
    fill(),
    popGraphicsState(),
  )
}

/** What one ticket prints, top to bottom: lines of text, gaps, and the QR; measured before it is drawn. */
type Block =
  | { kind: 'line'; text: string; size: number; font: PDFFont }
  | { kind: 'gap'; height: number }
  | { kind: 'qr'; code: string }

export async function ticketsPdf(
  tickets: readonly TicketDetail[],
  locale: Locale,
  opts: { layout?: TicketPdfLayout; copy?: number } = {},
): Promise<Uint8Array> {
  const c = COPY[locale]
  const shape = LAYOUT[opts.layout ?? 'sheet']
  const doc = await PDFDocument.create()
  doc.setTitle(`Palco — ${tickets[0]?.event.name ?? c.title}`)
  doc.setProducer('Palco')
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const width = shape.width - shape.margin * 2
  const heightOf = (b: Block) => (b.kind === 'line' ? b.size + 4 : b.kind === 'gap' ? b.height : shape.qr + 6)

  for (const t of tickets) {
    const blocks: Block[] = []
    const text = (s: string, size: number, font = regular) => {
      const scaled = size * shape.scale
      for (const line of wrap(font, s, scaled, width))
        blocks.push({ kind: 'line', text: line, size: scaled, font })
    }
    const gap = (height: number) => blocks.push({ kind: 'gap', height })
    // A copy after the first says so on the ticket itself, so a second paper is never taken for the first.
    if (opts.copy && opts.copy > 1) text(c.reprint(opts.copy), 11, bold)
    text(`PALCO · ${c.title}`, 10, bold)
    gap(4)
    text(t.event.name, 18, bold)
    gap(4)
    text(
      `${c.date}: ${formatDate(t.event.startsAt, locale, t.event.timeZone)}   ${c.time}: ${formatTime(t.event.startsAt, locale, t.event.timeZone)}`,
      11,
    )
    text(`${c.venue}: ${t.event.venueName}, ${t.event.city}`, 11)
    gap(6)
    text(placeWords(t, locale), 12, bold)
    text(`${c.kind}: ${c.kinds[t.kind]}   ${c.purchase}: ${t.purchaseCode}`, 10)
    gap(14)
    if (t.qr && (t.qr.type === 'STATIC_DEFAULT' || t.qr.type === 'STATIC_ENCRYPTED'))
      blocks.push({ kind: 'qr', code: t.qr.code })
    else text(t.qr && isDynamicQrType(t.qr.type) ? c.dynamic : c.used, 11, bold)
    gap(10)
    text(c.rules, 10, bold)
    for (const rule of t.rules) {
      text(
        `• ${rule.key === 'maxTickets' ? c.ruleText.maxTickets(rule.count ?? 10) : c.ruleText[rule.key]()}`,
        9,
      )
    }

    const contentHeight = blocks.reduce((sum, b) => sum + heightOf(b), 0)
    const pageHeight = shape.height ?? Math.ceil(contentHeight + shape.margin * 2)
    const page = doc.addPage([shape.width, pageHeight])
    let y = pageHeight - shape.margin
    for (const b of blocks) {
      y -= heightOf(b)
      if (b.kind === 'line')
        page.drawText(b.text, { x: shape.margin, y, size: b.size, font: b.font, color: rgb(0.1, 0.1, 0.12) })
      else if (b.kind === 'qr') drawQr(page, b.code, (shape.width - shape.qr) / 2, y + 6, shape.qr)
    }
  }
  return doc.save()
}
