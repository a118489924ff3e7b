import * as core from '@actions/core'
import { createGitHubClient } from './github/client.js'
import { createGitHubWriter } from './github/writer.js'
import { readGitHubEnvironment } from './request/github-environment.js'
import { readPostState } from './post-state.js'
import { errorMessage } from '../util/error-message.js'

/** The post step's GitHub calls, retries included, end within this. */
const POST_BUDGET_MS = 60_000

const REASON =
  'The step ended before it could report: it was killed, ran past its timeout or crashed. ' +
  'The agent may have pushed work before it stopped; the step log says how far it got.'

/**
 * The `post:` step (`post-if: always()`). When the main step published its
 * outcome it does nothing; else it ends the "Working on it…" reply and
 * writes a summary, so the thread is never left waiting.
 */
export async function runPost(): Promise<void> {
  const state = readPostState()
  if (state.published) {
    core.info('The main step published its outcome; nothing to finish.')
    return
  }
  core.warning(REASON)
  const token = core.getInput('github-token')
  if (token) core.setSecret(token)
  const runUrl = state.reply?.runUrl
  if (process.env.GITHUB_STEP_SUMMARY) {
    await core.summary
      .addRaw(renderAbandoned('##', runUrl))
      .write({ overwrite: false })
  }
  if (!state.reply) return
  const github = readGitHubEnvironment(process.env)
  if (!github.repository) return
  const deadline = Date.now() + POST_BUDGET_MS
  const client = await createGitHubClient(token, {
    baseUrl: github.apiUrl,
    deadline: () => deadline,
  })
  const replies = createGitHubWriter(client, github.repository)
  const body = renderAbandoned('###', runUrl)
  try {
    await replies.updateStatusComment(state.reply.commentId, body)
    return
  } catch (error) {
    core.warning(
      `Could not update the status comment, posting a new one: ${errorMessage(error)}`,
    )
  }
  try {
    await replies.postStatusComment(state.reply.issueNumber, body)
  } catch (error) {
    core.warning(
      `Could not post the outcome on the thread: ${errorMessage(error)}`,
    )
  }
}

function renderAbandoned(heading: string, runUrl: string | undefined): string {
  const link = runUrl ? `\n\n[View the run](${runUrl})` : ''
  return `${heading} ❌ Stopped without a report\n\n${REASON}${link}\n`
}
