import { sendRequest, type UploadLimits } from './send-request.js'

/** The size of each block, as @actions/artifact stages them. */
export const BLOCK_BYTES = 8 * 1024 * 1024
/** A Blob service REST version that has Put Block and Put Block List. */
const STORAGE_VERSION = '2024-11-04'

/**
 * Uploads `data` to a signed Azure block-blob URL as @actions/artifact does:
 * Put Block for each 8 MiB block, then Put Block List with the blob's content
 * type. The URL carries its own authorisation (a SAS); messages never show it.
 * https://learn.microsoft.com/rest/api/storageservices/put-block
 */
export async function uploadBlob(
  signedUrl: string,
  data: Uint8Array,
  contentType: string,
  limits: UploadLimits,
): Promise<void> {
  const ids: string[] = []
  for (let start = 0; start < data.length; start += BLOCK_BYTES) {
    const block = data.subarray(start, start + BLOCK_BYTES)
    const id = blockId(ids.length)
    await sendRequest(
      {
        what: `the blob store's Put Block (block ${ids.length + 1})`,
        url: withQuery(
          signedUrl,
          `comp=block&blockid=${encodeURIComponent(id)}`,
        ),
        method: 'PUT',
        headers: {
          'content-type': 'application/octet-stream',
          'x-ms-version': STORAGE_VERSION,
        },
        body: block,
        describeRefusal: refusal('the upload of a block'),
      },
      limits,
    )
    ids.push(id)
  }
  const list = ids.map((id) => `<Latest>${id}</Latest>`).join('')
  await sendRequest(
    {
      what: "the blob store's Put Block List",
      url: withQuery(signedUrl, 'comp=blocklist'),
      method: 'PUT',
      headers: {
        'content-type': 'application/xml',
        'x-ms-version': STORAGE_VERSION,
        'x-ms-blob-content-type': contentType,
      },
      body: `<?xml version="1.0" encoding="utf-8"?><BlockList>${list}</BlockList>`,
      describeRefusal: refusal('the commit of the blocks'),
    },
    limits,
  )
}

/** Block IDs are base64 and, within a blob, all of one length. */
function blockId(index: number): string {
  return Buffer.from(
    `harness9-block-${String(index).padStart(6, '0')}`,
  ).toString('base64')
}

/** Appended as text: re-encoding the SAS parameters could break them. */
function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`
}

/** "the blob store refused …: HTTP 403 (AuthenticationFailed)". */
function refusal(step: string): (status: number, body: string) => string {
  return (status, body) => {
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1]
    return `the blob store refused ${step} of the artifact's zip with HTTP ${status}${code ? ` (${code})` : ''}`
  }
}
