import { type CapacitySection, sectionCapacities } from '@palco/domain/catalog/zone-capacity'
import type { Db } from '../../db/dialect.js'
import { findLayoutData } from './event.repository.js'

/**
 * Places per section of each seat layout, derived once per process. A stored layout is never edited in
 * place (the editor saves a new version row, unique per venue/name/version), so its id is a safe key.
 * The promise is cached, so concurrent first requests for one stadium read its document once.
 */
export class LayoutCapacities {
  private readonly byLayout = new Map<string, Promise<ReadonlyMap<string, number> | null>>()

  constructor(private readonly maxLayouts = 64) {}

  get(db: Db, layoutId: string): Promise<ReadonlyMap<string, number> | null> {
    let pending = this.byLayout.get(layoutId)
    if (!pending) {
      pending = findLayoutData(db, layoutId).then((data) => {
        const sections = (data as { sections?: CapacitySection[] } | null)?.sections
        return Array.isArray(sections) ? sectionCapacities(sections) : null
      })
      pending.catch(() => this.byLayout.delete(layoutId))
      this.byLayout.set(layoutId, pending)
      if (this.byLayout.size > this.maxLayouts) {
        const oldest = this.byLayout.keys().next().value
        if (oldest !== undefined) this.byLayout.delete(oldest)
      }
    }
    return pending
  }
}
