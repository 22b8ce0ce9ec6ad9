import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat service: `POST /v1/chat/completions` with
 * `{model, messages}` answers `{choices: [{message: {role, content}}]}`, with the reply the
 * test chose. It keeps every request it received, with its headers.
 */
export interface ChatPeer {
  /** The base URL to configure (`…/v1`). */
  url: string;
  received: { headers: http.IncomingHttpHeaders; body: { model: string; messages: { role: string; content: string }[] } }[];
  /** The next replies: a text, or an HTTP status to fail with. */
  reply(next: string | number): void;
  close(): Promise<void>;
}

export async function startChatPeer(): Promise<ChatPeer> {
  const received: ChatPeer['received'] = [];
  let next: string | number = 'No reply was set.';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatPeer['received'][number]['body'] });
      if (typeof next === 'number') {
        response.writeHead(next, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'overloaded' } }));
        return;
      }
      const completion = {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: next }, finish_reason: 'stop' }],
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    reply: (value) => {
      next = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
