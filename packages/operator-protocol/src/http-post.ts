import http from 'node:http';
import https from 'node:https';

/** An operator's answer, as bytes off the wire. */
export interface PostAnswer {
  status: number;
  /** Response headers, by lower-case name. */
  header(name: string): string;
  text: string;
}

/** Larger answers are cut off: a wallet call's answer is a few hundred bytes. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** Why a POST has no answer: `timeout` when the deadline passed, else what the connection said. */
export class PostFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/*
 * Connections are kept open between calls (one TLS handshake per connection, not per call). Node's own client
 * rather than fetch: a call costs the caller a quarter of the CPU, and the ledger makes one per seamless bet.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** POSTs `body` and reads the whole answer within `timeoutMs`; rejects with PostFailed, never anything else. */
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new PostFailed(`network: invalid URL ${url}`));
      return;
    }
    const protocol = target.protocol;
    if (protocol !== 'http:' && protocol !== 'https:') {
      reject(new PostFailed(`network: unsupported protocol ${protocol}`));
      return;
    }
    const client = protocol === 'https:' ? https : http;
    let settled = false;
    // Called from the request's events and the timer only, after both exist.
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      reject(new PostFailed(reason));
    };
    const deadline = setTimeout(() => fail('timeout'), timeoutMs);
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: agents[protocol],
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) fail(`network: answer over ${MAX_ANSWER_BYTES} bytes`);
          else chunks.push(chunk);
        });
        res.on('error', (err) => fail(`network: ${err.message}`));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          resolve({
            status: res.statusCode ?? 0,
            header: (name) => {
              const value = res.headers[name.toLowerCase()];
              return Array.isArray(value) ? value.join(', ') : (value ?? '');
            },
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    request.on('error', (err) => fail(`network: ${err.message}`));
    request.end(body);
  });
}
