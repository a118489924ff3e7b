import type { GitHubClient, RepoRef } from './client.js'
import { toGitHubRequestError } from './github-request-error.js'
import { isJsonObject, readNumber, readString } from './json-fields.js'

/** What of one job's log the model gets: its error lines and its end. */
export const MAX_JOB_LOG_BYTES = 6000
/** All failed jobs together. */
export const MAX_FAILED_LOGS_BYTES = 16_000
const MAX_ERROR_LINES = 40
/** Lines that say what went wrong, in the usual tools' words. */
const ERROR_LINE =
  /##\[error\]|\berror\b|\bfail(?:ed|ure)?\b|✕|✗|panic|exception|traceback/i

export interface FailedJobLog {
  name: string
  excerpt: string
}

/**
 * The failed jobs of a workflow run with an excerpt of each log. A log that
 * cannot be read is named with the reason instead: the model can still look
 * at the code.
 */
export async function fetchFailedJobLogs(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
): Promise<FailedJobLog[]> {
  const what = `list the jobs of workflow run ${runId} in ${repo.owner}/${repo.repo}`
  let data: unknown
  try {
    data = (
      await client.rest.actions.listJobsForWorkflowRun({
        ...repo,
        run_id: runId,
        filter: 'latest',
        per_page: 100,
      })
    ).data
  } catch (error) {
    throw toGitHubRequestError(what, error)
  }
  const jobs = isJsonObject(data) && Array.isArray(data.jobs) ? data.jobs : []
  const failed = jobs.filter(
    (job) => readString(job, 'conclusion') === 'failure',
  )
  const logs: FailedJobLog[] = []
  let room = MAX_FAILED_LOGS_BYTES
  for (const job of failed) {
    const name = readString(job, 'name') ?? 'job'
    const id = readNumber(job, 'id')
    if (id === undefined || room <= 0) continue
    const excerpt = await readJobLog(client, repo, id).then(
      (log) => excerptJobLog(log, Math.min(MAX_JOB_LOG_BYTES, room)),
      (error: unknown) =>
        `(the log could not be read: ${toGitHubRequestError(`read the log of job ${id}`, error).message})`,
    )
    room -= Buffer.byteLength(excerpt)
    logs.push({ name, excerpt })
  }
  return logs
}

async function readJobLog(
  client: GitHubClient,
  repo: RepoRef,
  jobId: number,
): Promise<string> {
  const response = await client.rest.actions.downloadJobLogsForWorkflowRun({
    ...repo,
    job_id: jobId,
  })
  const data: unknown = response.data
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return String(data)
}

/**
 * The error lines (up to MAX_ERROR_LINES, at most half the room) then the
 * log's end, within `maxBytes`; runner timestamps are dropped, they only
 * cost room.
 */
export function excerptJobLog(log: string, maxBytes: number): string {
  const lines = log
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line.replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/, ''),
    )
  const errors = lines
    .filter((line) => ERROR_LINE.test(line))
    .slice(0, MAX_ERROR_LINES)
  const errorPart = errors.length
    ? cutStart(`Error lines:\n${errors.join('\n')}\n\n`, maxBytes / 2)
    : ''
  const header = 'The end of the log:\n'
  const room = maxBytes - Buffer.byteLength(errorPart + header)
  return `${errorPart}${header}${cutEnd(lines.join('\n').trimEnd(), Math.max(0, room))}`
}

/** The text within `maxBytes`, its start kept, `…` marking a cut. */
function cutStart(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text)
  if (bytes.length <= maxBytes) return text
  const kept = bytes
    .subarray(0, Math.max(0, Math.floor(maxBytes) - 5))
    .toString('utf8')
    .replace(/\uFFFD$/, '')
  return `${kept}…\n\n`
}

/** The last `maxBytes` of the text, from a line start when one is near. */
function cutEnd(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text)
  if (bytes.length <= maxBytes) return text
  const tail = bytes
    .subarray(bytes.length - maxBytes)
    .toString('utf8')
    .replace(/^\uFFFD+/, '')
  const newline = tail.indexOf('\n')
  return newline >= 0 && newline < 200 ? tail.slice(newline + 1) : tail
}
