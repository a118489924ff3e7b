import {
  setImmediate as nextIdle,
  setTimeout as sleep,
} from 'node:timers/promises'
import {
  createDeferredWriter,
  LATEST_MS,
} from '../../src/log/deferred-writer.js'

function recorder() {
  const writes: string[] = []
  return { writes, write: (text: string) => void writes.push(text) }
}

test('queued text is not written while the caller is still working', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.write('engine start\n')
  writer.write(() => 'turn 1\n')
  expect(out.writes).toEqual([])
  // Not at the next idle moment either: a tool's I/O wait is still the turn.
  await nextIdle()
  expect(out.writes).toEqual([])
})

test('once the run waits, everything queued goes out in one write, in order', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.write('a\n')
  writer.write(() => 'b\n')
  writer.write('c\n')
  writer.flushWhenIdle()
  expect(out.writes).toEqual([])
  await nextIdle()
  expect(out.writes).toEqual(['a\nb\nc\n'])
})

test('without a wait, queued text still goes out within LATEST_MS', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.write('a long tool started\n')
  await sleep(LATEST_MS + 50)
  expect(out.writes).toEqual(['a long tool started\n'])
})

test('text made by a function is made at write time, so its state follows the order', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  let made = 0
  writer.write(() => `made ${++made}\n`)
  expect(made).toBe(0)
  writer.write(() => `made ${++made}\n`)
  writer.flushWhenIdle()
  await nextIdle()
  expect(out.writes).toEqual(['made 1\nmade 2\n'])
})

test('flush writes at once, and nothing pending writes again later', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.write('log\n')
  writer.flushWhenIdle()
  writer.flush()
  expect(out.writes).toEqual(['log\n'])
  await sleep(LATEST_MS + 50)
  expect(out.writes).toEqual(['log\n'])
})

test('a later stretch is a later write; nothing queued writes nothing', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.flushWhenIdle()
  writer.flush()
  writer.write(() => '')
  writer.flushWhenIdle()
  await nextIdle()
  expect(out.writes).toEqual([])
  writer.write('second\n')
  writer.flushWhenIdle()
  await nextIdle()
  expect(out.writes).toEqual(['second\n'])
})
