import { createHash } from 'node:crypto'
import { uploadBlob } from './blob-upload.js'
import {
  createArtifact,
  finalizeArtifact,
  resultsServiceOf,
} from './results-service.js'
import type { UploadLimits } from './send-request.js'
import { writeZip, type ZipEntry } from './zip.js'

/** What to upload, where to, and within how long. */
export interface ArtifactUpload {
  name: string
  /** Zipped in this order into the artifact's one zip. */
  files: ZipEntry[]
  /** ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN of the job step. */
  resultsUrl: string
  runtimeToken: string
  retentionDays: number
  /** GITHUB_RETENTION_DAYS: the repository's cap on `retentionDays`. */
  maxRetentionDays?: number
  /** The whole upload stops when this runs out. */
  timeLeftMs: number
  /** Waits before retrying a failed request; two retries by default. */
  retryDelaysMs?: readonly number[]
  /** Told the upload URL's signature so that logs mask it. */
  maskSecret?: (value: string) => void
}

/** The artifact as finalized: its ID and the zip's size and SHA-256. */
export interface UploadedArtifact {
  id: string
  size: number
  sha256: string
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000]

/**
 * Uploads `files` as one zipped workflow artifact, sending what
 * `@actions/artifact` sends: CreateArtifact, the zip to the signed blob URL,
 * FinalizeArtifact with its size and hash. Throws an `ArtifactUploadError`
 * (one sentence) on failure and once `timeLeftMs` is spent.
 */
export async function uploadArtifact(
  upload: ArtifactUpload,
): Promise<UploadedArtifact> {
  const limits: UploadLimits = {
    signal: AbortSignal.timeout(Math.max(upload.timeLeftMs, 0)),
    deadline: Date.now() + upload.timeLeftMs,
    timeLeftMs: upload.timeLeftMs,
    retryDelaysMs: upload.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
  }
  const service = resultsServiceOf(upload.resultsUrl, upload.runtimeToken)
  const zip = await writeZip(upload.files)
  const sha256 = createHash('sha256').update(zip).digest('hex')
  const expiresAt = expiryOf(upload.retentionDays, upload.maxRetentionDays)
  const url = await createArtifact(service, upload.name, expiresAt, limits)
  maskSignature(url, upload.maskSecret)
  await uploadBlob(url, zip, 'application/zip', limits)
  const id = await finalizeArtifact(
    service,
    upload.name,
    { size: zip.length, sha256 },
    limits,
  )
  return { id, size: zip.length, sha256 }
}

/** Now plus the retention days, capped by the repository's setting. */
function expiryOf(days: number, maxDays: number | undefined): Date {
  const kept =
    maxDays !== undefined && maxDays > 0 ? Math.min(days, maxDays) : days
  return new Date(Date.now() + kept * 24 * 60 * 60 * 1000)
}

function maskSignature(
  url: string,
  maskSecret: ((value: string) => void) | undefined,
): void {
  const signature = new URL(url).searchParams.get('sig')
  if (!signature || !maskSecret) return
  maskSecret(signature)
  maskSecret(encodeURIComponent(signature))
}
