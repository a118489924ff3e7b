import * as core from '@actions/core'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { uploadArtifact } from '../artifact/upload-artifact.js'
import type { ZipEntry } from '../artifact/zip.js'
import type { PublishTargets } from './publish.js'
import type { RunReport } from '../report/run-report.js'
import { containsSecret } from '../guard/secret-guard.js'
import { errorMessage } from '../../util/error-message.js'

/** An upload that takes longer is given up: the summary has the patch too. */
export const ARTIFACT_UPLOAD_TIMEOUT_MS = 60_000

/**
 * Uploads the transcript, and the commit as a patch when no push worked, as
 * one workflow artifact, through our small client of the results service.
 * Never throws: the outcome is already published, and an upload failure is
 * a warning.
 */
export async function uploadRunArtifacts(
  report: RunReport | undefined,
  targets: PublishTargets,
  enabled: boolean,
): Promise<void> {
  const transcript = targets.transcriptPath
  const patch = report?.commit?.patch
  if (!enabled || !transcript || !existsSync(transcript)) return
  const files = [transcript]
  try {
    if (patch && !containsSecret(patch, targets.secrets)) {
      const patchPath = join(dirname(transcript), 'harness9-unpushed.patch')
      await writeFile(patchPath, patch)
      files.push(patchPath)
    }
    const missing = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL'].filter(
      (name) => !process.env[name],
    )
    if (missing.length > 0) {
      const say = patch ? core.warning : core.info
      say(
        `Not uploading the run's artifact (${files.map((file) => basename(file)).join(', ')}): ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set, so this is not a GitHub-hosted job step. The files stay in ${dirname(transcript)}.`,
      )
      return
    }
    const name = artifactName()
    core.info(
      `Uploading the run's artifact '${name}': ${files.map((file) => basename(file)).join(', ')}`,
    )
    const result = await uploadArtifact({
      name,
      files: await Promise.all(files.map(zipEntryOf)),
      resultsUrl: process.env.ACTIONS_RESULTS_URL!,
      runtimeToken: process.env.ACTIONS_RUNTIME_TOKEN!,
      retentionDays: 7,
      maxRetentionDays: Number(process.env.GITHUB_RETENTION_DAYS) || undefined,
      timeLeftMs: ARTIFACT_UPLOAD_TIMEOUT_MS,
      maskSecret: (value) => core.setSecret(value),
    })
    core.info(
      `Uploaded the artifact '${name}' (id ${result.id}, ${result.size} bytes, sha256 ${result.sha256}).`,
    )
  } catch (error) {
    core.warning(`Could not upload the run's artifact: ${errorMessage(error)}`)
  }
}

/** Unique per job and attempt: a matrix or a re-run must not collide. */
function artifactName(): string {
  const job = process.env.GITHUB_JOB ?? 'job'
  const attempt = process.env.GITHUB_RUN_ATTEMPT ?? '1'
  const stamp = Date.now().toString(36)
  return `harness9-${job}-${attempt}-${stamp}`.replace(/[^\w.-]/g, '-')
}

/** A file of the artifact's folder as a zip entry under its own name. */
async function zipEntryOf(path: string): Promise<ZipEntry> {
  const [data, stats] = await Promise.all([readFile(path), stat(path)])
  return { name: basename(path), data, modifiedAt: stats.mtime }
}
