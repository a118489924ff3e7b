import { setImmediate as nextIdle } from 'node:timers/promises'
import { createDeferredWriter } from '../../src/log/deferred-writer.js'

function recorder() {
  const writes: string[] = []
  return { writes, write: (text: string) => void writes.push(text) }
}

test('queued text is not written while the caller is still working', () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.write('engine start\n')
  writer.write(() => 'turn 1\n')
  expect(out.writes).toEqual([])
})

test('everything queued in one stretch goes out in one write, in order, once idle', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.write('a\n')
  writer.write(() => 'b\n')
  writer.write('c\n')
  await nextIdle()
  expect(out.writes).toEqual(['a\nb\nc\n'])
})

test('text made by a function is made at write time, so its state follows the order', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  let made = 0
  writer.write(() => `made ${++made}\n`)
  expect(made).toBe(0)
  writer.write(() => `made ${++made}\n`)
  await nextIdle()
  expect(out.writes).toEqual(['made 1\nmade 2\n'])
})

test('flush writes at once, and the pending idle write then has nothing left', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.write('log\n')
  writer.flush()
  expect(out.writes).toEqual(['log\n'])
  await nextIdle()
  expect(out.writes).toEqual(['log\n'])
})

test('a later stretch is a later write; nothing queued writes nothing', async () => {
  const out = recorder()
  const writer = createDeferredWriter(out.write)
  writer.flush()
  writer.write(() => '')
  await nextIdle()
  expect(out.writes).toEqual([])
  writer.write('second\n')
  await nextIdle()
  expect(out.writes).toEqual(['second\n'])
})
