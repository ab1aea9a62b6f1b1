/**
 * A private upload for an inscription form (issue 17 part 3):
 * - PENDING: a signed upload URL was handed out; the bytes may or may not have arrived.
 * - COMPLETE: the server read the file back, found it within the limit and of the declared type by content,
 *   and stripped an image's metadata.
 * - REJECTED: the file was refused (too large, wrong type, unreadable) and deleted; the code says why.
 * - ATTACHED: a submitted participant form names it; only these outlive the daily sweep.
 */
export const UPLOAD_STATUSES = ['PENDING', 'COMPLETE', 'REJECTED', 'ATTACHED'] as const
export type UploadStatus = (typeof UPLOAD_STATUSES)[number]

const TRANSITIONS: Readonly<Record<UploadStatus, readonly UploadStatus[]>> = {
  PENDING: ['COMPLETE', 'REJECTED'],
  COMPLETE: ['ATTACHED'],
  REJECTED: [],
  ATTACHED: [],
}

export const canUploadTransition = (from: UploadStatus, to: UploadStatus): boolean =>
  TRANSITIONS[from].includes(to)

/** A move only a bug can ask for when illegal: the service settles only what it found PENDING or COMPLETE. */
export function assertUploadMove(from: UploadStatus, to: UploadStatus): void {
  if (!canUploadTransition(from, to)) throw new Error(`Illegal upload move ${from} → ${to}`)
}

/** An upload starts when its URL is handed out, before any byte arrives. */
export const UPLOAD_INITIAL_STATUSES = ['PENDING'] as const satisfies readonly UploadStatus[]

/** Statuses whose stored file can be read through an expiring link. */
export const READABLE_UPLOAD_STATUSES = ['COMPLETE', 'ATTACHED'] as const satisfies readonly UploadStatus[]

/** How long a signed upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 10 * 60_000
/** How long a read link stays valid: long enough to open it, short enough that a leaked one soon dies. */
export const UPLOAD_LINK_TTL_MS = 5 * 60_000
/** The links in an organiser's export: a day to open the files of a spreadsheet downloaded once. */
export const EXPORT_LINK_TTL_MS = 24 * 60 * 60_000
/** An upload no submitted form names is deleted this long after it was asked for. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60_000
