/** What is under the pointer: one seat (by section and place index) or a whole section. */
export type MapTarget =
  | { kind: 'seat'; section: number; place: number }
  | { kind: 'section'; section: number }

export const sameTarget = (a: MapTarget | null, b: MapTarget | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.kind === b.kind &&
    a.section === b.section &&
    (a.kind !== 'seat' || (b.kind === 'seat' && a.place === b.place)))
