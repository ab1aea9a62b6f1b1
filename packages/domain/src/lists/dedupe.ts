// Spec §3: lists are de-duplicated by id, keeping the first. Ids compare by SameValueZero, so 1 and '1' differ.
// An item without an id cannot be proven a duplicate, so it is kept.
export const dedupeById = <T extends { id?: unknown }>(items: readonly T[]): T[] => {
  const seen = new Set<unknown>()
  return items.filter((item) => {
    if (item.id === undefined || item.id === null) return true
    if (seen.has(item.id)) return false
    seen.add(item.id)
    return true
  })
}
