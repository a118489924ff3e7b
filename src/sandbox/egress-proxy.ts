import { once } from 'node:events'
import { mkdir, writeFile } from 'node:fs/promises'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { lookup } from 'node:dns/promises'
import { BlockList, connect, isIP, type Socket } from 'node:net'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'

/**
 * Network for a sandbox with its own, empty network namespace: the host's
 * loopback services (a database, a docker API on a port, the runner's own
 * listeners) are out of reach, and the rest of the network is reached
 * through an HTTP proxy that the action runs outside, on a Unix socket in
 * the private directory, which refuses loopback and unspecified addresses.
 * Inside, a small forwarder started by Node listens on 127.0.0.1 of the
 * sandbox, points the proxy variables at itself, and runs the command.
 */
export interface Egress {
  /** bwrap options to add before `--`: the Node binary, made visible. */
  bwrapArgs: string[]
  /** Goes between bwrap's `--` and the command: the forwarder. */
  prefix: string[]
  /** Stops the proxy. */
  close: () => Promise<void>
}

/** Addresses the proxy never connects to. */
const BLOCKED = new BlockList()
BLOCKED.addSubnet('127.0.0.0', 8, 'ipv4')
BLOCKED.addSubnet('0.0.0.0', 8, 'ipv4')
BLOCKED.addAddress('::1', 'ipv6')
BLOCKED.addAddress('::', 'ipv6')
BLOCKED.addSubnet('::ffff:127.0.0.0', 104, 'ipv6')
BLOCKED.addSubnet('::ffff:0.0.0.0', 104, 'ipv6')

/** The forwarder run inside the sandbox: argv is socket, then the command. */
const FORWARDER = `import { connect, createServer } from 'node:net'
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
const [socketPath, ...argv] = process.argv.slice(2)
const server = createServer((client) => {
  const upstream = connect(socketPath)
  client.pipe(upstream).pipe(client)
  client.on('error', () => upstream.destroy())
  upstream.on('error', () => client.destroy())
})
server.listen(0, '127.0.0.1', () => {
  const url = 'http://127.0.0.1:' + server.address().port
  const local = 'localhost,127.0.0.1,::1'
  const env = { ...process.env }
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'])
    env[name] = env[name.toLowerCase()] = url
  env.NO_PROXY = env.no_proxy = local
  const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env })
  child.on('error', (error) => {
    console.error(argv[0] + ': ' + error.message)
    process.exit(127)
  })
  child.on('exit', (code, signal) =>
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0)),
  )
})
`

/** Whether the proxy may connect to `address` (an IP address). */
export function isAllowedAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return !BLOCKED.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/**
 * Starts the proxy on a socket in `privateDir/.harness9-egress/` and writes
 * the forwarder beside it; `nodePath` is the Node binary to run it with.
 */
export async function startEgress(
  privateDir: string,
  nodePath: string,
): Promise<Egress> {
  const dir = join(privateDir, '.harness9-egress')
  await mkdir(dir, { recursive: true })
  const socketPath = join(dir, 'proxy.sock')
  const forwarder = join(dir, 'forward.mjs')
  const nodeInside = join(dir, 'node')
  await writeFile(forwarder, FORWARDER)
  await writeFile(nodeInside, '') // the mount point for the binary
  const server = createProxyServer()
  server.listen(socketPath)
  await once(server, 'listening')
  return {
    bwrapArgs: ['--ro-bind', nodePath, nodeInside],
    prefix: [nodeInside, forwarder, socketPath],
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

function createProxyServer(): Server {
  const server = createServer((request, response) => {
    forwardPlainRequest(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
  })
  server.on('connect', (request: IncomingMessage, client: Duplex, head) => {
    client.on('error', () => client.destroy())
    openTunnel(request.url ?? '', client, head).catch(() => {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
    })
  })
  return server
}

/** CONNECT host:port, the way HTTPS and most tools go through a proxy. */
async function openTunnel(
  target: string,
  client: Duplex,
  head: Buffer,
): Promise<void> {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target)
  if (match === null) {
    client.end('HTTP/1.1 400 Bad Request\r\n\r\n')
    return
  }
  const address = await resolveAllowed(match[1])
  if (address === undefined) {
    client.end(
      'HTTP/1.1 403 Forbidden\r\n\r\nThe sandbox may not reach the host itself.\n',
    )
    return
  }
  const upstream: Socket = connect({ host: address, port: Number(match[2]) })
  upstream.on('error', () => client.destroy())
  client.on('close', () => upstream.destroy())
  await once(upstream, 'connect')
  client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
  if (head.length > 0) upstream.write(head)
  upstream.pipe(client).pipe(upstream)
}

/** `GET http://host/path` through the proxy: plain HTTP. */
async function forwardPlainRequest(
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '')
  if (url.protocol !== 'http:') throw new Error('not plain http')
  const address = await resolveAllowed(url.hostname.replace(/^\[|\]$/g, ''))
  if (address === undefined) {
    response.writeHead(403).end('The sandbox may not reach the host itself.\n')
    return
  }
  const upstream = httpRequest({
    host: address,
    port: url.port || 80,
    method: request.method,
    path: `${url.pathname}${url.search}`,
    headers: request.headers,
  })
  upstream.on('response', (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers)
    answer.pipe(response)
  })
  upstream.on('error', () => response.destroy())
  request.pipe(upstream)
}

/**
 * The first address of `host`, or undefined when any address it resolves
 * to is refused (a name that resolves to loopback among others is refused
 * whole, so a second lookup cannot pick the loopback one).
 */
async function resolveAllowed(host: string): Promise<string | undefined> {
  const addresses =
    isIP(host) !== 0
      ? [host]
      : (await lookup(host, { all: true })).map((entry) => entry.address)
  if (addresses.length === 0 || !addresses.every(isAllowedAddress))
    return undefined
  return addresses[0]
}
