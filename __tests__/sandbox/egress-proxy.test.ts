import { createServer, request, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  isAllowedAddress,
  startEgress,
  type Egress,
} from '../../src/sandbox/egress-proxy.js'
import { makeTempDir, removeDirs } from '../helpers/temp-dir.js'

// The proxy outside the sandbox, spoken to over its Unix socket as the
// forwarder inside would: loopback targets refused, others served.

let dir: string
let egress: Egress
let target: Server

beforeEach(async () => {
  dir = await makeTempDir('h9-egress-')
  egress = await startEgress(dir, process.execPath)
  target = createServer((_request, response) => response.end('served'))
})
afterEach(async () => {
  await egress.close()
  target.close()
  await removeDirs(dir)
})

test.each([
  ['127.0.0.1', false],
  ['127.1.2.3', false],
  ['0.0.0.0', false],
  ['::1', false],
  ['::', false],
  ['::ffff:127.0.0.1', false],
  ['not-an-address', false],
  ['192.0.2.10', true],
  ['140.82.112.3', true],
  ['2606:50c0:8000::153', true],
])('%s is allowed: %s', (address, allowed) => {
  expect(isAllowedAddress(address)).toBe(allowed)
})

test('the forwarder and the mount point for Node are in the private directory', async () => {
  const [nodeInside, forwarder, socketPath] = egress.prefix
  expect(egress.bwrapArgs).toEqual(['--ro-bind', process.execPath, nodeInside])
  expect(nodeInside).toBe(join(dir, '.harness9-egress/node'))
  expect(socketPath).toBe(join(dir, '.harness9-egress/proxy.sock'))
  expect(await readFile(forwarder, 'utf8')).toContain(
    "server.listen(0, '127.0.0.1'",
  )
})

/** A plain-HTTP proxy request for `url` over the proxy's socket. */
function viaProxy(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({
      socketPath: egress.prefix[2],
      path: url,
      headers: { host: new URL(url).host },
    })
    outgoing.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8').on('data', (text: string) => (body += text))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body }),
      )
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

test('refuses a loopback target, by address and by name', async () => {
  const port = await new Promise<number>((resolve) =>
    target.listen(0, '127.0.0.1', () => {
      const address = target.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    }),
  )
  for (const host of ['127.0.0.1', 'localhost']) {
    expect(await viaProxy(`http://${host}:${port}/`)).toEqual({
      status: 403,
      body: 'The sandbox may not reach the host itself.\n',
    })
  }
})
