import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSmsProvider } from './console-sms-provider';
import { httpSmsProvider } from './http-sms-provider';

describe('console SMS provider', () => {
  it('prints exactly one line in the agreed form', async () => {
    const lines: string[] = [];
    await consoleSmsProvider((line) => lines.push(line)).send({ to: '9876543210', text: 'Your Saathi login code is 042917. It expires in 5 minutes.' });
    expect(lines).toEqual(['[sms] to=+919876543210 text=Your Saathi login code is 042917. It expires in 5 minutes.\n']);
    // Readers take the first 6-digit run after `text=`.
    expect(/\d{6}/.exec(lines[0]!.split('text=')[1]!)?.[0]).toBe('042917');
  });

  it('keeps a multi-line text on one line', async () => {
    const lines: string[] = [];
    await consoleSmsProvider((line) => lines.push(line)).send({ to: '9876543210', text: 'a\nb' });
    expect(lines).toEqual(['[sms] to=+919876543210 text=a b\n']);
  });
});

describe('http SMS provider', () => {
  const received: { auth: string | undefined; type: string | undefined; body: unknown }[] = [];
  let status = 200;
  let url = '';
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(data) });
      res.statusCode = status;
      res.end(status === 200 ? '{"queued":true}' : 'nope');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs {to, text} as JSON with the bearer token', async () => {
    status = 200;
    await httpSmsProvider({ url, token: 'gateway-token' }).send({ to: '9876543210', text: 'hello' });
    expect(received.at(-1)).toEqual({
      auth: 'Bearer gateway-token',
      type: 'application/json',
      body: { to: '+919876543210', text: 'hello' },
    });
  });

  it('fails on a non-2xx answer without echoing the body', async () => {
    status = 503;
    const sending = httpSmsProvider({ url, token: undefined }).send({ to: '9876543210', text: 'code 123456' });
    await expect(sending).rejects.toThrow('SMS gateway answered 503');
    expect(received.at(-1)?.auth).toBeUndefined();
  });
});
