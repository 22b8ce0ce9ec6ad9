import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsText, type Metrics } from './metrics';

export interface MetricsServer {
  /** The port it listens on (useful when asked for port 0 in tests). */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the public
 * port: the figures say how busy the service is, which is nobody's business but its operators'.
 */
export async function startMetricsServer(
  metrics: Pick<Metrics, 'registry'>,
  options: { port: number; host: string; log: { warn(obj: object, msg: string): void } },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsText(metrics).then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        options.log.warn({ reason: String(error) }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  // A scrape is one short request every few seconds; nothing should hold the listener open at shutdown.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
