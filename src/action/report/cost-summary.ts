import { PRICES_TAKEN_ON } from '../../engine/pricing.js'
import type { Usage } from '../../schema/index.js'
import type { RunReport, TurnUsageRecord } from './run-report.js'

const MAX_TURN_ROWS = 100
/** Mermaid draws a readable bar chart up to about this many bars. */
const MAX_CHART_BARS = 60

/** The `cost-usd` output: dollars to six places, or 'unknown'. */
export function formatCostOutput(costUsd: number | undefined): string {
  return costUsd === undefined ? 'unknown' : costUsd.toFixed(6)
}

/** Cached input over all input, 0 to 1, as the `cache-hit-rate` output. */
export function cacheHitRate(usage: Usage): number {
  return usage.inputTokens === 0
    ? 0
    : usage.cachedInputTokens / usage.inputTokens
}

/**
 * The summary's cost part: the total (or "unknown": never a guessed price),
 * the cache hit rate, a chart of tokens per turn and a table per turn.
 */
export function renderCostSection(report: RunReport): string {
  const turns = report.turnUsage ?? []
  const total =
    report.costUsd === undefined
      ? `Cost: unknown (no price for this model; set the input \`pricing\`).`
      : `Cost: **$${report.costUsd.toFixed(4)}** (list prices of ${PRICES_TAKEN_ON} or the \`pricing\` input).`
  const rate = `Cache hit rate: ${(cacheHitRate(report.usage) * 100).toFixed(1)}% of input tokens.`
  if (turns.length === 0) return `${total} ${rate}`
  return [
    `${total} ${rate}`,
    renderChart(turns),
    '<details><summary>Tokens and cost per turn</summary>',
    renderTurnTable(turns),
    '</details>',
  ].join('\n\n')
}

/** Input and output tokens per turn as a Mermaid chart (GitHub renders it). */
function renderChart(turns: TurnUsageRecord[]): string {
  const buckets = bucketTurns(turns)
  const labels = buckets.map((bucket) => `"${bucket.label}"`).join(', ')
  const input = buckets.map((bucket) => bucket.usage.inputTokens).join(', ')
  const output = buckets.map((bucket) => bucket.usage.outputTokens).join(', ')
  return [
    '```mermaid',
    'xychart-beta',
    '  title "Tokens per turn (bars: input, line: output)"',
    `  x-axis [${labels}]`,
    '  y-axis "Tokens"',
    `  bar [${input}]`,
    `  line [${output}]`,
    '```',
  ].join('\n')
}

/** Long runs are drawn in groups of consecutive turns, averaged. */
function bucketTurns(
  turns: TurnUsageRecord[],
): { label: string; usage: Usage }[] {
  const size = Math.ceil(turns.length / MAX_CHART_BARS)
  const buckets: { label: string; usage: Usage }[] = []
  for (let start = 0; start < turns.length; start += size) {
    const group = turns.slice(start, start + size)
    const sum = (pick: (usage: Usage) => number): number =>
      Math.round(
        group.reduce((total, turn) => total + pick(turn.usage), 0) /
          group.length,
      )
    const first = group[0].turn
    const last = group[group.length - 1].turn
    buckets.push({
      label: first === last ? String(first) : `${first}-${last}`,
      usage: {
        inputTokens: sum((usage) => usage.inputTokens),
        cachedInputTokens: sum((usage) => usage.cachedInputTokens),
        outputTokens: sum((usage) => usage.outputTokens),
      },
    })
  }
  return buckets
}

function renderTurnTable(turns: TurnUsageRecord[]): string {
  const rows = turns
    .slice(0, MAX_TURN_ROWS)
    .map(
      ({ turn, usage, costUsd }) =>
        `| ${turn} | ${usage.inputTokens} | ${usage.cachedInputTokens} | ${usage.outputTokens} | ${costUsd === undefined ? 'unknown' : `$${costUsd.toFixed(4)}`} |`,
    )
  const more = turns.length - rows.length
  return [
    '| Turn | Input | Cached | Output | Cost |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    ...(more > 0 ? [`\n_…and ${more} more turns._`] : []),
  ].join('\n')
}
