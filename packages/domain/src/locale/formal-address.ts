/**
 * The Colombian site addresses the fan as "usted" (es-CO, DESIGN: i18n), so a text that says "tú" — or
 * uses its verb forms — reads as if another company wrote it (issue 13: the season pass said "Tu misma
 * silla"). This finds the words of informal address in a Spanish text, for tests that scan every text we
 * show or send.
 *
 * Only words that are second person singular whatever the sentence are listed: "tienes", "puedes", "tu",
 * voseo's "tenés". Imperatives such as "elige" or "revisa" are left out on purpose: they are also the
 * third person ("el sistema revisa"), so a scan for them would mostly find correct texts.
 */

const PRONOUNS = ['tú', 'tu', 'tus', 'ti', 'te', 'contigo', 'tuyo', 'tuya', 'tuyos', 'tuyas', 'vos']

const VERB_FORMS = [
  // Present.
  'eres',
  'estás',
  'tienes',
  'puedes',
  'quieres',
  'debes',
  'necesitas',
  'sabes',
  'vas',
  'haces',
  'recibes',
  'buscas',
  'prefieres',
  // Future.
  'podrás',
  'tendrás',
  'recibirás',
  'verás',
  'irás',
  'harás',
  'deberás',
  'necesitarás',
  // Subjunctive.
  'puedas',
  'tengas',
  'quieras',
  'seas',
  'estés',
  'hagas',
  // Preterite.
  'compraste',
  'recibiste',
  'hiciste',
  'elegiste',
  'pagaste',
  'usaste',
  'olvidaste',
  'quisiste',
  // Imperatives that are nothing else.
  'haz',
  // Voseo (Antioquia, Cali): as informal as "tú".
  'tenés',
  'podés',
  'querés',
  'sabés',
  'sos',
]

const WORDS = new Set([...PRONOUNS, ...VERB_FORMS])

// Letters of any script, so "tú" is one word and "Bogotá" never splits into "Bogot" + "á".
const WORD = /\p{L}+/gu

/**
 * An imperative with "te" attached and its stress mark moved: "regístrate", "inscríbete", "asegúrate" —
 * an imperative of "tú" ends in a or e before the "te". Adverbs in -mente ("únicamente"), nouns such as
 * "límite" and the old demonstrative "éste" also end in an accented word's "te", and are formal.
 */
const isEncliticTe = (lower: string): boolean =>
  lower.length > 4 &&
  /[ae]te$/.test(lower) &&
  /[áéíóú]/.test(lower.slice(0, -3)) &&
  !lower.endsWith('mente') &&
  lower !== 'éste'

// A word in capitals is an abbreviation ("TI", tarjeta de identidad; "SOS"), never a pronoun in running text.
const isAbbreviation = (word: string): boolean => word.length > 1 && word === word.toLocaleUpperCase('es')

/** The informal words of `text`, in order, as written; empty when the text addresses the reader formally. */
export function informalAddress(text: string): string[] {
  const found: string[] = []
  for (const [word] of text.matchAll(WORD)) {
    if (isAbbreviation(word)) continue
    const lower = word.toLocaleLowerCase('es')
    if (WORDS.has(lower) || isEncliticTe(lower)) found.push(word)
  }
  return found
}
