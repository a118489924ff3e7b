import { createHash, randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  uploadArtifact,
  type ArtifactUpload,
} from '../../../src/action/artifact/upload-artifact.js'
import {
  startResultsServer,
  type ResultsServer,
} from '../../helpers/results-server.js'

const FILES = [
  {
    name: 'transcript.jsonl',
    data: Buffer.from('{"role":"assistant"}\n'),
    modifiedAt: new Date(),
  },
  {
    name: 'harness9-unpushed.patch',
    data: Buffer.from('From abc\n+fixed\n'),
    modifiedAt: new Date(),
  },
]

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'harness9-upload-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function unzipList(zip: Buffer): string[] {
  const path = join(dir, 'a.zip')
  writeFileSync(path, zip)
  return execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
}

describe('against the loopback results service', () => {
  let results: ResultsServer
  beforeEach(async () => {
    results = await startResultsServer()
  })
  afterEach(() => results.close())

  function upload(overrides: Partial<ArtifactUpload> = {}) {
    const env = results.env()
    return uploadArtifact({
      name: 'harness9-agent-1-x',
      files: FILES,
      resultsUrl: env.ACTIONS_RESULTS_URL,
      runtimeToken: env.ACTIONS_RUNTIME_TOKEN,
      retentionDays: 7,
      timeLeftMs: 60_000,
      ...overrides,
    })
  }

  test('creates, uploads and finalizes the artifact as @actions/artifact does', async () => {
    const masked: string[] = []
    const before = Date.now()
    const result = await upload({ maskSecret: (value) => masked.push(value) })
    const zip = results.artifacts.get('harness9-agent-1-x')!
    expect(unzipList(zip)).toEqual([
      'transcript.jsonl',
      'harness9-unpushed.patch',
    ])
    const sha256 = createHash('sha256').update(zip).digest('hex')
    expect(result).toEqual({ id: '72', size: zip.length, sha256 })
    const [create, finalize] = results.calls
    expect(create).toEqual({
      method: 'CreateArtifact',
      body: {
        workflow_run_backend_id: 'run-backend-id',
        workflow_job_run_backend_id: 'job-backend-id',
        name: 'harness9-agent-1-x',
        expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        version: 7,
        mime_type: 'application/zip',
      },
    })
    const expires = Date.parse(
      (create.body as { expires_at: string }).expires_at,
    )
    expect(expires - before).toBeGreaterThanOrEqual(7 * 86_400_000)
    expect(expires - before).toBeLessThan(8 * 86_400_000)
    expect(finalize).toEqual({
      method: 'FinalizeArtifact',
      body: {
        workflow_run_backend_id: 'run-backend-id',
        workflow_job_run_backend_id: 'job-backend-id',
        name: 'harness9-agent-1-x',
        size: String(zip.length),
        hash: `sha256:${sha256}`,
      },
    })
    expect(masked).toEqual(['test', 'test'])
  })

  test("the repository's retention limit caps the days", async () => {
    const before = Date.now()
    await upload({ maxRetentionDays: 2 })
    const expires = Date.parse(
      (results.calls[0].body as { expires_at: string }).expires_at,
    )
    expect(expires - before).toBeGreaterThanOrEqual(2 * 86_400_000)
    expect(expires - before).toBeLessThan(3 * 86_400_000)
  })

  test('a zip over 8 MiB arrives whole', async () => {
    const big = randomBytes(9 * 1024 * 1024)
    await upload({
      files: [{ name: 'big.bin', data: big, modifiedAt: new Date() }],
    })
    const zip = results.artifacts.get('harness9-agent-1-x')!
    const path = join(dir, 'big.zip')
    writeFileSync(path, zip)
    const back = execFileSync('unzip', ['-p', path, 'big.bin'], {
      maxBuffer: 20 * 1024 * 1024,
    })
    expect(back.equals(big)).toBe(true)
  })

  test('a token without the results scope stops before any request', async () => {
    const part = (value: unknown) =>
      Buffer.from(JSON.stringify(value)).toString('base64url')
    await expect(
      upload({
        runtimeToken: `${part({})}.${part({ scp: 'Actions.Other' })}.x`,
      }),
    ).rejects.toThrow(
      "ACTIONS_RUNTIME_TOKEN is not a JWT with an 'Actions.Results' scope, so the run and job the artifact belongs to are unknown",
    )
    expect(results.calls).toEqual([])
  })
})

interface Seen {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/** A loopback server answering each request with `reply`, recording all. */
async function startScriptedServer(
  reply: (seen: Seen, response: ServerResponse) => void,
) {
  const seen: Seen[] = []
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      }
      seen.push(entry)
      reply(entry, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const TOKEN = [
  { alg: 'none' },
  { scp: 'Actions.Generic Actions.Results:run-id:job-id' },
]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .concat('sig')
  .join('.')

function uploadTo(url: string, overrides: Partial<ArtifactUpload> = {}) {
  return uploadArtifact({
    name: 'a',
    files: FILES,
    resultsUrl: `${url}/some/path`,
    runtimeToken: TOKEN,
    retentionDays: 7,
    timeLeftMs: 60_000,
    retryDelaysMs: [0, 0],
    ...overrides,
  })
}

const CREATE =
  '/twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact'

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

test('a results service that answers 500 fails in one sentence after the retries', async () => {
  const server = await startScriptedServer((_seen, response) =>
    json(response, 500, { code: 'internal', msg: 'database on fire' }),
  )
  try {
    await expect(uploadTo(server.url)).rejects.toThrow(
      new Error(
        "the results service's CreateArtifact answered HTTP 500 (internal: database on fire) (3 attempts)",
      ),
    )
    expect(server.seen.map((seen) => seen.path)).toEqual([
      CREATE,
      CREATE,
      CREATE,
    ])
  } finally {
    await server.close()
  }
})

test('a refused request is not retried, and a non-Twirp body still gives the status', async () => {
  const server = await startScriptedServer((_seen, response) => {
    response.writeHead(401, { 'content-type': 'text/html' })
    response.end('<html>no</html>')
  })
  try {
    await expect(uploadTo(server.url)).rejects.toThrow(
      new Error("the results service's CreateArtifact answered HTTP 401"),
    )
    expect(server.seen).toHaveLength(1)
  } finally {
    await server.close()
  }
})

test('a blob store that refuses the PUT fails in one sentence, before FinalizeArtifact', async () => {
  let blobUrl = ''
  const server = await startScriptedServer((seen, response) => {
    if (seen.path === CREATE) {
      return json(response, 200, { ok: true, signed_upload_url: blobUrl })
    }
    response.writeHead(403, { 'content-type': 'application/xml' })
    response.end(
      '<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Signature did not match.</Message></Error>',
    )
  })
  blobUrl = `${server.url}/container/a.zip?sv=2024&sig=secret%2Bsig`
  try {
    const failure = uploadTo(server.url)
    await expect(failure).rejects.toThrow(
      new Error(
        "the blob store refused the upload of a block of the artifact's zip with HTTP 403 (AuthenticationFailed)",
      ),
    )
    expect(server.seen.map((seen) => seen.method)).toEqual(['POST', 'PUT'])
    // The signed URL's parameters are kept as sent, the block ID appended.
    expect(server.seen[1].path).toMatch(
      /^\/container\/a\.zip\?sv=2024&sig=secret%2Bsig&comp=block&blockid=[\w%]+$/,
    )
  } finally {
    await server.close()
  }
})

test('an answer that is not ok fails in one sentence', async () => {
  const server = await startScriptedServer((_seen, response) =>
    json(response, 200, { ok: false }),
  )
  try {
    await expect(uploadTo(server.url)).rejects.toThrow(
      new Error(
        "the results service's CreateArtifact answered that it was not ok",
      ),
    )
  } finally {
    await server.close()
  }
})

test('an unreachable results service fails in one sentence', async () => {
  const server = await startScriptedServer(() => undefined)
  await server.close()
  await expect(uploadTo(server.url)).rejects.toThrow(
    new Error(
      "could not reach the results service's CreateArtifact: ECONNREFUSED (3 attempts)",
    ),
  )
})

test('a service that never answers: the upload stops when its time is up', async () => {
  const server = await startScriptedServer(() => undefined) // never answers
  try {
    await expect(uploadTo(server.url, { timeLeftMs: 200 })).rejects.toThrow(
      new Error(
        "the upload took more than 0.2 s and stopped at the results service's CreateArtifact",
      ),
    )
    expect(server.seen).toHaveLength(1)
  } finally {
    await server.close()
  }
})

test('with no time left, nothing is sent', async () => {
  const server = await startScriptedServer((_seen, response) =>
    json(response, 500, {}),
  )
  try {
    await expect(uploadTo(server.url, { timeLeftMs: 0 })).rejects.toThrow(
      new Error(
        "the upload took more than 0 s and stopped at the results service's CreateArtifact",
      ),
    )
    expect(server.seen).toEqual([])
  } finally {
    await server.close()
  }
})

test('time running out during the waits between retries stops the retries', async () => {
  const server = await startScriptedServer((_seen, response) =>
    json(response, 503, { code: 'unavailable', msg: 'busy' }),
  )
  try {
    await expect(
      uploadTo(server.url, { timeLeftMs: 300, retryDelaysMs: [60_000] }),
    ).rejects.toThrow(
      new Error(
        "the upload took more than 0.3 s and stopped at the results service's CreateArtifact",
      ),
    )
    expect(server.seen).toHaveLength(1)
  } finally {
    await server.close()
  }
})

test('blocks of 8 MiB, then the block list, with the headers of @actions/artifact', async () => {
  let blobUrl = ''
  const server = await startScriptedServer((seen, response) => {
    if (seen.path === CREATE)
      return json(response, 200, { ok: true, signedUploadUrl: blobUrl })
    if (seen.method === 'POST')
      return json(response, 200, { ok: true, artifactId: '9' })
    response.writeHead(201)
    response.end()
  })
  blobUrl = `${server.url}/c/a.zip?sig=s`
  try {
    const big = randomBytes(9 * 1024 * 1024)
    const result = await uploadTo(server.url, {
      files: [{ name: 'big.bin', data: big, modifiedAt: new Date() }],
    })
    expect(result.id).toBe('9')
    const [create, ...rest] = server.seen
    const finalize = rest.pop()!
    for (const call of [create, finalize]) {
      expect(call.headers).toMatchObject({
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
      })
    }
    const blocks = rest.slice(0, -1)
    const list = rest.at(-1)!
    expect(blocks.map((block) => block.body.length)).toEqual([
      8 * 1024 * 1024,
      result.size - 8 * 1024 * 1024,
    ])
    const ids = blocks.map((block) =>
      decodeURIComponent(
        new URL(block.path, server.url).searchParams.get('blockid')!,
      ),
    )
    expect(ids[0]).not.toBe(ids[1])
    expect(ids[0].length).toBe(ids[1].length)
    for (const block of blocks) {
      expect(block.method).toBe('PUT')
      expect(block.headers['x-ms-version']).toMatch(/^\d{4}-\d\d-\d\d$/)
    }
    expect(list.path).toBe('/c/a.zip?sig=s&comp=blocklist')
    expect(list.headers).toMatchObject({
      'content-type': 'application/xml',
      'x-ms-blob-content-type': 'application/zip',
    })
    expect(list.body.toString('utf8')).toBe(
      `<?xml version="1.0" encoding="utf-8"?><BlockList><Latest>${ids[0]}</Latest><Latest>${ids[1]}</Latest></BlockList>`,
    )
  } finally {
    await server.close()
  }
})

test('a passing fault is retried, and the upload goes on', async () => {
  let blobUrl = ''
  let faults = 0
  const server = await startScriptedServer((seen, response) => {
    if (seen.method === 'PUT' && faults++ === 0) {
      response.writeHead(503)
      return void response.end()
    }
    if (seen.path === CREATE)
      return json(response, 200, { ok: true, signed_upload_url: blobUrl })
    if (seen.method === 'POST')
      return json(response, 200, { ok: true, artifact_id: '12' })
    response.writeHead(201)
    response.end()
  })
  blobUrl = `${server.url}/c/a.zip?sig=s`
  try {
    await expect(uploadTo(server.url)).resolves.toMatchObject({ id: '12' })
    expect(
      server.seen.map((seen) => seen.path.replace(/&blockid=.*/, '')),
    ).toEqual([
      CREATE,
      '/c/a.zip?sig=s&comp=block',
      '/c/a.zip?sig=s&comp=block',
      '/c/a.zip?sig=s&comp=blocklist',
      '/twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact',
    ])
  } finally {
    await server.close()
  }
})
