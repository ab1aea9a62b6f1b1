import { DomainError } from '@palco/domain/errors/domain-error'
import type { Db } from '../../db/dialect.js'
import { pingDatabase } from './health.repository.js'

/**
 * Readiness (`/api/ready`): the process can serve only while the database answers. Whatever the driver
 * threw stays in the log; the caller learns only that the database is unreachable (503).
 */
export async function assertDatabaseAnswers(db: Db): Promise<void> {
  try {
    await pingDatabase(db)
  } catch {
    throw new DomainError('SERVICE_UNAVAILABLE', { message: 'The database is not reachable.' })
  }
}
