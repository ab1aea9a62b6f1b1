import type { Scope } from '@palco/domain/organisers/staff-access'
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely'

/**
 * The condition that keeps a query to what a staff scope reaches (issue 43 part 1): everything, or the rows
 * whose organiser column is one of the scope's organisers. A row with no organiser (the platform's own) is
 * reached only by a whole-platform scope; an empty scope reaches nothing.
 */
export function inScope<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  organiserColumn: string,
  scope: Scope,
) {
  if (scope.all) return sql<SqlBool>`true`
  if (scope.organiserIds.length === 0) return sql<SqlBool>`false`
  return eb(eb.ref(organiserColumn as never), 'in', [...scope.organiserIds] as never)
}
