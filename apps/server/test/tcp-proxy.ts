import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a server (Redis here), which can cut its connections,
 * refuse new ones for a while, or lose one reply on its way back: what a client sees when its
 * server restarts, fails over, or dies between doing a command and answering it.
 */
export interface TcpProxy {
  port: number;
  /** Cuts every connection and refuses new ones until unblock(). */
  block(): void;
  unblock(): void;
  /**
   * The next connection whose client sends something containing `marker` loses the reply to it:
   * the server got the command and answered, the answer is dropped and the connection cut.
   */
  loseNextReplyTo(marker: string): void;
  /** Replies lost so far. */
  readonly lostReplies: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let blocked = false;
  let marker: string | undefined;
  let lostReplies = 0;

  const server = net.createServer((client) => {
    if (blocked) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    let loseReply = false;
    const cut = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (marker !== undefined && chunk.toString('latin1').includes(marker)) {
        marker = undefined;
        loseReply = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (loseReply) {
        lostReplies += 1;
        cut();
        return;
      }
      client.write(chunk);
    });
    client.on('close', cut);
    upstream.on('close', cut);
    client.on('error', cut);
    upstream.on('error', cut);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const block = () => {
    blocked = true;
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    block,
    unblock() {
      blocked = false;
    },
    loseNextReplyTo(text) {
      marker = text;
    },
    get lostReplies() {
      return lostReplies;
    },
    async close() {
      block();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
