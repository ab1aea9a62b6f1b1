import { CSV_BOM, cellText, csvLine } from '@palco/domain/reports/spreadsheet-cell'
import { Zip, ZipDeflate } from 'fflate'

/**
 * Spreadsheets written as their rows arrive (issue 43 part 4): each takes the rows in batches and yields bytes
 * as it goes, so an export of any size holds one batch in memory, never the whole list.
 *
 * - CSV: UTF-8 with a byte-order mark, every cell through `csvCell` (formula injection defused).
 * - XLSX: the smallest SpreadsheetML workbook Excel, LibreOffice and Google Sheets open (one sheet, a bold and
 *   frozen heading row), zipped by fflate's streaming `Zip` (docs/decisions.md, "reports"). Every text is an
 *   inline string cell (`t="inlineStr"`): a spreadsheet shows it as text and never runs it, so a name like
 *   `=HYPERLINK(…)` stays exactly what the fan typed. Numbers are number cells.
 */

export type Cell = string | number | null
export type RowBatches = AsyncIterable<readonly (readonly Cell[])[]>

const encoder = new TextEncoder()

/** The CSV's bytes: heading, then each batch's lines. */
export async function* csvStream(
  heading: readonly string[],
  batches: RowBatches,
): AsyncGenerator<Uint8Array> {
  yield encoder.encode(CSV_BOM + csvLine(heading))
  for await (const rows of batches) {
    if (rows.length > 0) yield encoder.encode(rows.map(csvLine).join(''))
  }
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships'
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

/** The workbook's fixed parts: content types, relationships, the workbook and its styles. */
const fixedParts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
]

const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`
const SHEET_TAIL = '</sheetData></worksheet>'

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids.
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/** Text as XML character data: markup escaped, and the control characters XML 1.0 cannot carry dropped. */
export function xmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1
  let name = ''
  while (n > 0) {
    const rest = (n - 1) % 26
    name = String.fromCharCode(65 + rest) + name
    n = Math.floor((n - 1) / 26)
  }
  return name
}

/** One row of the sheet; `style` 1 is the heading's bold. */
function rowXml(r: number, cells: readonly Cell[], style = 0): string {
  const s = style ? ` s="${style}"` : ''
  let xml = `<row r="${r}">`
  cells.forEach((value, i) => {
    if (value === null || value === '') return
    const ref = `${columnName(i)}${r}`
    xml +=
      typeof value === 'number' && Number.isFinite(value)
        ? `<c r="${ref}"${s}><v>${value}</v></c>`
        : `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(cellText(value))}</t></is></c>`
  })
  return `${xml}</row>`
}

/** The XLSX's bytes: the fixed parts, then the sheet written batch by batch and zipped as it goes. */
export async function* xlsxStream(
  sheetName: string,
  heading: readonly string[],
  batches: RowBatches,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((err, chunk) => {
    if (err) failure = err
    else out.push(chunk)
  })
  const drain = function* () {
    if (failure) throw failure
    while (out.length > 0) yield out.shift() as Uint8Array
  }
  for (const [name, text] of fixedParts(sheetName)) {
    const part = new ZipDeflate(name, { level: 6 })
    zip.add(part)
    part.push(encoder.encode(text), true)
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
  zip.add(sheet)
  sheet.push(encoder.encode(SHEET_HEAD + rowXml(1, heading, 1)))
  yield* drain()
  let r = 1
  for await (const rows of batches) {
    if (rows.length === 0) continue
    sheet.push(encoder.encode(rows.map((cells) => rowXml(++r, cells)).join('')))
    yield* drain()
  }
  sheet.push(encoder.encode(SHEET_TAIL), true)
  zip.end()
  yield* drain()
}
