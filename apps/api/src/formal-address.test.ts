import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { informalAddress } from '@palco/domain/locale/formal-address'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * What the server writes in Spanish — e-mails, SMS, PDFs, the demo catalogue's names and descriptions — is
 * shown to Colombian fans, whom the site addresses as "usted" (issue 13: the season pass said "Tu misma
 * silla"). Every string literal of the server's source is read with the TypeScript parser, so a text is
 * checked wherever it is written, not only in the files known today.
 */

const srcDir = path.dirname(fileURLToPath(import.meta.url))

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}

/** The text of every string and template literal of a file, with its line. */
function literals(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: { line: number; text: string }[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('server-side Spanish addresses the fan as "usted"', () => {
  const files = sourceFiles(srcDir)

  it('reads the texts it checks (the e-mails and the demo catalogue are among them)', () => {
    const all = files.flatMap(literals).map((l) => l.text)
    expect(all).toContain('Ver mis boletas')
    expect(all.some((t) => t.includes('partidos grandes del semestre'))).toBe(true)
  })

  it('has no informal second person in any string the server writes', () => {
    const informal = files.flatMap((file) =>
      literals(file)
        .map((l) => ({ at: `${path.relative(srcDir, file)}:${l.line}`, words: informalAddress(l.text) }))
        .filter((l) => l.words.length > 0),
    )
    expect(informal).toEqual([])
  })
})
