import {
  budgetOf,
  MAX_PUBLISH_RESERVE_MS,
  MAX_WRAP_UP_RESERVE_MS,
} from '../../../src/action/phases/budget.js'

test('a long budget keeps a minute for wrap-up and 15 s for publishing', () => {
  const budget = budgetOf(30, 1_000_000)
  const end = 1_000_000 + 30 * 60_000
  expect(budget).toEqual({
    end,
    loopDeadline: end - MAX_WRAP_UP_RESERVE_MS,
    handoverUntil: end - MAX_WRAP_UP_RESERVE_MS / 2,
    remoteDeadline: end - MAX_PUBLISH_RESERVE_MS,
  })
})

test('a short budget keeps a tenth for wrap-up, half of it for a handover, a twentieth for publishing', () => {
  const budget = budgetOf(1, 0)
  expect(budget).toEqual({
    end: 60_000,
    loopDeadline: 54_000,
    handoverUntil: 57_000,
    remoteDeadline: 57_000,
  })
})

test('the phases come in order: loop, handover, remote calls, end', () => {
  for (const minutes of [0.05, 0.5, 5, 300]) {
    const budget = budgetOf(minutes, 0)
    expect(budget.loopDeadline).toBeLessThan(budget.handoverUntil)
    expect(budget.handoverUntil).toBeLessThanOrEqual(budget.remoteDeadline)
    expect(budget.remoteDeadline).toBeLessThan(budget.end)
  }
})
