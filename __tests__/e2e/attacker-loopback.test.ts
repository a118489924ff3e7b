import { createServer, type Server } from 'node:http'
import { networkInterfaces } from 'node:os'
import {
  answer,
  callTool,
  lastMessageSent,
  e2ePerTest,
} from '../helpers/e2e.js'

// With `network: true`, a host service listening on 127.0.0.1 only (a
// database, a docker API, a metadata proxy) must stay out of the sandbox's
// reach, while the network beyond the host stays usable. The "outside"
// server listens on the host's own non-loopback address, which stands in
// for the internet here.

const LOOPBACK_SECRET = 'loopback-only-service-secret-71c2'
const OUTSIDE_ANSWER = 'reached-the-outside-4b8e'

const e2e = e2ePerTest()
let loopback: Server
let outside: Server
let outsideAddress: string

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, host, () => {
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
}

function hostAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)
  if (found === undefined)
    throw new Error('This test needs a non-loopback IPv4 address')
  return found.address
}

beforeEach(async () => {
  loopback = createServer((_request, response) => response.end(LOOPBACK_SECRET))
  outside = createServer((_request, response) => response.end(OUTSIDE_ANSWER))
  outsideAddress = hostAddress()
})
afterEach(async () => {
  loopback.close()
  outside.close()
})

async function probe(sandbox: string): Promise<string> {
  const loopbackUrl = `http://127.0.0.1:${await listen(loopback, '127.0.0.1')}/`
  const outsideUrl = `http://${outsideAddress}:${await listen(outside, outsideAddress)}/`
  const curl = 'curl -s -m 5'
  const command = [
    `echo direct: $(${curl} ${loopbackUrl}; echo rc=$?)`,
    `echo proxied: $(${curl} --noproxy '' ${loopbackUrl}; echo rc=$?)`,
    `echo tunnel: $(${curl} --noproxy '' -p ${loopbackUrl}; echo rc=$?)`,
    `echo named: $(${curl} --noproxy '' http://localhost:${new URL(loopbackUrl).port}/; echo rc=$?)`,
    `echo outside: $(${curl} ${outsideUrl}; echo rc=$?)`,
  ].join('; ')
  e2e.llm.enqueue(callTool('bash', { command }), answer('Done.'))
  const run = await e2e.run({
    inputs: { task: 'Look around', sandbox, network: 'true' },
  })
  expect(run.outputs.status).toBe('completed')
  return lastMessageSent(e2e.llm, 1)
}

test("under bwrap the host's loopback services are out of reach, the outside is not", async () => {
  const seen = await probe('bwrap')
  expect(seen).not.toContain(LOOPBACK_SECRET)
  // Directly: nothing listens in the sandbox's own namespace.
  expect(seen).toMatch(/direct: rc=7/)
  // Through the proxy, by address, by tunnel and by name: refused.
  expect(seen).toContain(
    'proxied: The sandbox may not reach the host itself. rc=0',
  )
  expect(seen).toMatch(/tunnel: rc=56/)
  expect(seen).toContain(
    'named: The sandbox may not reach the host itself. rc=0',
  )
  expect(seen).toContain(`outside: ${OUTSIDE_ANSWER}rc=0`)
})

test('under none the loopback service is reached: the control', async () => {
  const seen = await probe('none')
  expect(seen).toContain(`direct: ${LOOPBACK_SECRET}rc=0`)
  expect(seen).toContain(`outside: ${OUTSIDE_ANSWER}rc=0`)
})
