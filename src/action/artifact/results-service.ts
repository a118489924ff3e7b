import {
  ArtifactUploadError,
  sendRequest,
  type UploadLimits,
} from './send-request.js'

/**
 * The Actions results service's artifact API as `@actions/artifact` (v6)
 * calls it: Twirp with JSON bodies (proto field names) at
 * `<origin of ACTIONS_RESULTS_URL>/twirp/github.actions.results.api.v1.ArtifactService/<Method>`,
 * with ACTIONS_RUNTIME_TOKEN as a bearer token.
 */
export interface ResultsService {
  origin: string
  token: string
  /** The run's and the job's backend IDs, from the token's claims. */
  runBackendId: string
  jobBackendId: string
}

const SERVICE = 'github.actions.results.api.v1.ArtifactService'
/** The artifact version @actions/artifact v6 creates (v4 upload protocol). */
const ARTIFACT_VERSION = 7

/** The service that ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN name. */
export function resultsServiceOf(
  resultsUrl: string,
  token: string,
): ResultsService {
  if (!URL.canParse(resultsUrl))
    throw new ArtifactUploadError('ACTIONS_RESULTS_URL is not a URL')
  const origin = new URL(resultsUrl).origin
  return { origin, token, ...backendIdsOf(token) }
}

/**
 * The token is a JWT whose `scp` claim holds, among space-separated scopes,
 * `Actions.Results:<run backend ID>:<job backend ID>`. Its signature is the
 * service's business: the IDs are only read.
 */
function backendIdsOf(token: string): {
  runBackendId: string
  jobBackendId: string
} {
  const invalid = new ArtifactUploadError(
    "ACTIONS_RUNTIME_TOKEN is not a JWT with an 'Actions.Results' scope, so the run and job the artifact belongs to are unknown",
  )
  let claims: unknown
  try {
    claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    )
  } catch {
    throw invalid
  }
  const scope = (claims as { scp?: unknown } | null)?.scp
  if (typeof scope !== 'string') throw invalid
  for (const entry of scope.split(' ')) {
    const parts = entry.split(':')
    if (parts[0] !== 'Actions.Results') continue
    if (parts.length !== 3 || !parts[1] || !parts[2]) throw invalid
    return { runBackendId: parts[1], jobBackendId: parts[2] }
  }
  throw invalid
}

/** Creates the artifact and returns the signed URL to upload its zip to. */
export async function createArtifact(
  service: ResultsService,
  name: string,
  expiresAt: Date,
  limits: UploadLimits,
): Promise<string> {
  const answer = await callService(
    service,
    'CreateArtifact',
    {
      workflow_run_backend_id: service.runBackendId,
      workflow_job_run_backend_id: service.jobBackendId,
      name,
      expires_at: expiresAt.toISOString(),
      version: ARTIFACT_VERSION,
      mime_type: 'application/zip',
    },
    limits,
  )
  const url = field(answer, 'signed_upload_url', 'signedUploadUrl')
  if (typeof url !== 'string' || !URL.canParse(url))
    throw new ArtifactUploadError(
      "the results service's CreateArtifact answer holds no upload URL",
    )
  return url
}

/** Marks the uploaded zip as the artifact's content; returns its ID. */
export async function finalizeArtifact(
  service: ResultsService,
  name: string,
  zip: { size: number; sha256: string },
  limits: UploadLimits,
): Promise<string> {
  const answer = await callService(
    service,
    'FinalizeArtifact',
    {
      workflow_run_backend_id: service.runBackendId,
      workflow_job_run_backend_id: service.jobBackendId,
      name,
      size: String(zip.size), // int64: a string in proto3 JSON
      hash: `sha256:${zip.sha256}`,
    },
    limits,
  )
  const id = field(answer, 'artifact_id', 'artifactId')
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '?'
}

/** One Twirp call; its answer must say `ok: true`. */
async function callService(
  service: ResultsService,
  method: string,
  body: Record<string, unknown>,
  limits: UploadLimits,
): Promise<unknown> {
  const what = `the results service's ${method}`
  const text = await sendRequest(
    {
      what,
      url: `${service.origin}/twirp/${SERVICE}/${method}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${service.token}`,
        'user-agent': 'harness9-artifact-client',
      },
      body: JSON.stringify(body),
      describeRefusal: (status, answer) =>
        `${what} answered HTTP ${status}${twirpReason(answer)}`,
    },
    limits,
  )
  let answer: unknown
  try {
    answer = JSON.parse(text)
  } catch {
    throw new ArtifactUploadError(`${what} answered with something not JSON`)
  }
  if (field(answer, 'ok') !== true)
    throw new ArtifactUploadError(`${what} answered that it was not ok`)
  return answer
}

/** A Twirp error's `msg` (and `code`), if the body is one. */
function twirpReason(body: string): string {
  try {
    const error = JSON.parse(body) as unknown
    const message = field(error, 'msg')
    const code = field(error, 'code')
    if (typeof message === 'string' && message)
      return typeof code === 'string'
        ? ` (${code}: ${message})`
        : ` (${message})`
  } catch {
    // Not Twirp's JSON (a proxy's page): the status says enough.
  }
  return ''
}

/** A JSON field under its proto name or its lowerCamelCase JSON name. */
function field(value: unknown, ...names: string[]): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  return names.map((name) => record[name]).find((found) => found !== undefined)
}
