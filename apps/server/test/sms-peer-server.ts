import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The part every local SMS gateway stand-in shares (test/sms-peers.ts): a node:http server
 * on 127.0.0.1 that records each request exactly as it arrived, and can be told to fail or
 * to hang (never answer) the next requests, as a gateway in trouble does.
 */
export interface RecordedRequest {
  method: string;
  /** Path and query string, as sent. */
  path: string;
  /** The headers a gateway reads: credentials and the body's type. */
  headers: { authorization?: string; authkey?: string; 'content-type'?: string };
  /** Parsed by content type: JSON, a form (as an object of strings), else the raw text. */
  body: unknown;
  /** The body's bytes as UTF-8 text. */
  raw: string;
  /** The status the peer answered, or `hung` when it held the request unanswered. */
  answer: number | 'hung';
}

export interface PeerAnswer {
  status: number;
  json: unknown;
}

/** Answers one recorded request (its `answer` is filled in from the result). */
export type PeerHandler = (request: Omit<RecordedRequest, 'answer'>) => PeerAnswer;

export interface PeerControls {
  /** `http://127.0.0.1:<port>`: the API URL to configure. */
  origin: string;
  requests: RecordedRequest[];
  /** The next `count` requests are answered `status` (500 by default) with the service's error body. */
  failNext(count: number, status?: number): void;
  /** The next `count` requests get no answer at all, until close(). */
  hangNext(count?: number): void;
  close(): Promise<void>;
}

export async function startPeerServer(
  handle: PeerHandler,
  failure: (status: number, request: Omit<RecordedRequest, 'answer'>) => unknown,
): Promise<PeerControls> {
  const requests: RecordedRequest[] = [];
  const held = new Set<http.ServerResponse>();
  let failing: { count: number; status: number } = { count: 0, status: 500 };
  let hanging = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request = { method: req.method ?? '', path: req.url ?? '', headers: headersOf(req), body: parseBody(req.headers['content-type'], raw), raw };
      if (hanging > 0) {
        hanging -= 1;
        requests.push({ ...request, answer: 'hung' });
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      const answer = failing.count > 0 ? { status: failing.status, json: failure(failing.status, request) } : handle(request);
      if (failing.count > 0) failing = { ...failing, count: failing.count - 1 };
      requests.push({ ...request, answer: answer.status });
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(count, status = 500) {
      failing = { count, status };
    },
    hangNext(count = 1) {
      hanging = count;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function headersOf(req: http.IncomingMessage): RecordedRequest['headers'] {
  const headers: RecordedRequest['headers'] = {};
  for (const name of ['authorization', 'authkey', 'content-type'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

function parseBody(contentType: string | undefined, raw: string): unknown {
  if (contentType?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  if (contentType?.startsWith('application/json')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** POSTs a form as a gateway posts its receipts; the answer's status and text. */
export async function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, text: await response.text() };
}
