import http from 'node:http';
import { AddressInfo } from 'node:net';
import { MAX_ANSWER_BYTES, PostFailed, postJson } from './http-post';

/** A local server whose answer each test chooses. */
function serve(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/wallet/debit`,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    }),
  );
}

const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: unknown) => (err instanceof PostFailed ? err.reason : `not a PostFailed: ${String(err)}`),
  );

describe('postJson', () => {
  it('sends the body and headers, and reads the status, headers and text of the answer', async () => {
    const server = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.setHeader('X-Casino-Signature', `seen ${req.headers['x-casino-key']}`);
        res.statusCode = 201;
        res.end(body.toUpperCase());
      });
    });
    try {
      const answer = await postJson(server.url, { 'x-casino-key': 'k1' }, '{"a":"é"}', 2_000);
      expect(answer.status).toBe(201);
      expect(answer.header('x-casino-signature')).toBe('seen k1');
      expect(answer.header('x-missing')).toBe('');
      expect(answer.text).toBe('{"A":"É"}');
    } finally {
      await server.close();
    }
  });

  it('gives up at the deadline, whether the answer never starts or never ends', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/wallet/debit') return; // never answers
      res.write('{"status":'); // starts, never ends
    });
    try {
      expect(await reasonOf(postJson(server.url, {}, '{}', 200))).toBe('timeout');
      expect(await reasonOf(postJson(server.url.replace('debit', 'credit'), {}, '{}', 200))).toBe('timeout');
    } finally {
      await server.close();
    }
  });

  it('refuses an answer too large to be a wallet call', async () => {
    const server = await serve((_req, res) => res.end('x'.repeat(MAX_ANSWER_BYTES + 1)));
    try {
      expect(await reasonOf(postJson(server.url, {}, '{}', 2_000))).toMatch(/^network: answer over/);
    } finally {
      await server.close();
    }
  });

  it('reports a refused connection and a URL it cannot call', async () => {
    const server = await serve((_req, res) => res.end());
    const { url } = server;
    await server.close();
    expect(await reasonOf(postJson(url, {}, '{}', 2_000))).toMatch(/^network: .*ECONNREFUSED/);
    expect(await reasonOf(postJson('ftp://wallet.example/x', {}, '{}', 2_000))).toBe(
      'network: unsupported protocol ftp:',
    );
    expect(await reasonOf(postJson('not a url', {}, '{}', 2_000))).toBe('network: invalid URL not a url');
  });
});
