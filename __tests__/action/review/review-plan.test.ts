import {
  buildReviewPlan,
  type ReviewPlanInput,
} from '../../../src/action/review/review-plan.js'
import { composePlan, toolsNamedIn } from '../../helpers/composed-run.js'

const WORKDIR = '/tmp/harness9-review-plan'
function composeReview(overrides: Partial<ReviewPlanInput> = {}) {
  return composePlan(
    buildReviewPlan({
      workdir: WORKDIR,
      focus: '',
      threadContext: '',
      files: [
        {
          path: 'src/a.ts',
          status: 'modified',
          additions: 1,
          deletions: 0,
          patch: '@@ -1 +1,2 @@\n a\n+b',
        },
      ],
      leftOut: [],
      sinceSha: undefined,
      openFindings: [],
      instructions: '',
      recordFinding: () => 'recorded',
      recordFixed: undefined,
      ...overrides,
    }),
    WORKDIR,
  )
}

test('a review run has no tool that writes, and its prompt names exactly its tools', () => {
  const run = composeReview()
  expect(run.toolNames).toEqual([
    'read_file',
    'bash',
    'read_diff',
    'review_comment',
  ])
  const prompt = run.options.messages[0].content
  expect(run.options.messages[0].role).toBe('system')
  expect(toolsNamedIn(prompt)).toEqual(run.toolNames)
  expect(prompt).not.toContain('write_file')
  expect(prompt).not.toContain('edit_file')
  expect(prompt).toContain(
    "Tools: read_file and bash to read code and run the project's own checks (nothing you run can change the checkout), read_diff for a file's diff, and review_comment to record a finding.",
  )
  // The first message is the review's task with the diff.
  expect(run.options.messages[1].role).toBe('user')
  expect(run.options.messages[1].content).toContain('Review this pull request.')
  expect(run.options.messages[1].content).toContain('+b')
})

test('resolve_finding is registered and named only when there are earlier findings to close', () => {
  const run = composeReview({
    sinceSha: 'c'.repeat(40),
    openFindings: [{ number: 1, path: 'src/a.ts', line: 1, body: 'A bug' }],
    recordFixed: () => 'resolved',
    instructions: 'Be brief.',
  })
  expect(run.toolNames).toEqual([
    'read_file',
    'bash',
    'read_diff',
    'review_comment',
    'resolve_finding',
  ])
  const prompt = run.options.messages[0].content
  expect(toolsNamedIn(prompt)).toEqual(run.toolNames)
  expect(prompt).toContain(
    ', and resolve_finding to close an earlier finding that the new commits fixed.',
  )
  expect(prompt.endsWith('Instructions from the workflow:\nBe brief.')).toBe(
    true,
  )
})
