import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback stand-in for the Actions results service and its blob store,
 * as `@actions/artifact` talks to them: Twirp JSON calls to
 * `/twirp/github.actions.results.api.v1.ArtifactService/{CreateArtifact,
 * FinalizeArtifact}`, and Azure block-blob PUTs (`comp=block`, then
 * `comp=blocklist`) to the signed URL that CreateArtifact returns. Point the
 * action at it with `env()`.
 */
export interface ResultsServer {
  /** Twirp calls by method name, with their JSON bodies. */
  calls: { method: string; body: unknown }[]
  /** Each finalized artifact's name and its committed blob (a zip). */
  artifacts: Map<string, Buffer>
  /** ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL for the action. */
  env(): Record<string, string>
  close(): Promise<void>
}

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/'

export async function startResultsServer(): Promise<ResultsServer> {
  const calls: ResultsServer['calls'] = []
  const artifacts = new Map<string, Buffer>()
  const blocks = new Map<string, Buffer>()
  const blobs = new Map<string, Buffer>()
  let url = ''
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const address = new URL(request.url ?? '/', url)
      if (address.pathname.startsWith(SERVICE)) {
        const method = address.pathname.slice(SERVICE.length)
        const json = JSON.parse(body.toString('utf8')) as { name: string }
        calls.push({ method, body: json })
        const answer =
          method === 'CreateArtifact'
            ? {
                ok: true,
                signedUploadUrl: `${url}/blob/${encodeURIComponent(json.name)}?sig=test`,
              }
            : { ok: true, artifactId: String(70 + calls.length) }
        if (method === 'FinalizeArtifact') {
          artifacts.set(json.name, blobs.get(json.name) ?? Buffer.alloc(0))
        }
        response.writeHead(200, { 'content-type': 'application/json' })
        return void response.end(JSON.stringify(answer))
      }
      const name = decodeURIComponent(address.pathname.slice('/blob/'.length))
      const comp = address.searchParams.get('comp')
      if (comp === 'block') {
        blocks.set(`${name}/${address.searchParams.get('blockid')}`, body)
      } else if (comp === 'blocklist') {
        const ids = [...body.toString('utf8').matchAll(/<Latest>([^<]*)</g)]
        blobs.set(
          name,
          Buffer.concat(ids.map(([, id]) => blocks.get(`${name}/${id}`)!)),
        )
      } else {
        blobs.set(name, body) // a single-shot upload
      }
      response.writeHead(201, {
        etag: '"0x1"',
        'last-modified': new Date().toUTCString(),
        'x-ms-request-id': 'test',
        'x-ms-version': '2025-01-05',
      })
      response.end()
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    calls,
    artifacts,
    env: () => ({
      ACTIONS_RESULTS_URL: `${url}/`,
      ACTIONS_RUNTIME_TOKEN: runtimeToken(),
    }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An unsigned JWT with the scope the artifact client reads its IDs from. */
function runtimeToken(): string {
  const part = (value: unknown) =>
    Buffer.from(JSON.stringify(value)).toString('base64url')
  const scope = 'Actions.Results:run-backend-id:job-backend-id'
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp: scope })}.sig`
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
