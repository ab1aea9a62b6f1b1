/**
 * Cells of the spreadsheets the back office downloads (inscriptions, attendees). A name a fan typed can start
 * like a formula (`=HYPERLINK(…)`, `+…`, `-…`, `@…`); a spreadsheet program that opens a CSV runs it. Every CSV
 * export writes its cells through `csvCell`; the XLSX writer types every text as a string cell instead, which
 * no spreadsheet runs (issue 43 part 4).
 */

/** What leads a formula in a spreadsheet program: =, +, -, @, and a tab or carriage return before them. */
export const FORMULA_LEAD = /^[=+\-@\t\r]/

/** The text a cell shows: nothing for null, JSON for an object, the value as a string otherwise. */
export const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

/** A CSV cell that cannot run as a formula (CSV injection): a leading ' defuses it; quoted when it must be. */
export function csvCell(value: unknown): string {
  let text = cellText(value)
  if (FORMULA_LEAD.test(text)) text = `'${text}`
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV line, cells escaped, ended as spreadsheet programs expect (CRLF). */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`

/** A byte-order mark first, so spreadsheet programs read the accents as UTF-8. */
export const CSV_BOM = '\uFEFF'
