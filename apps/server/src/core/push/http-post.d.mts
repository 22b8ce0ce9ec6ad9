/**
 * POSTs `body` to `url` over a keep-alive connection and resolves with the HTTP status;
 * rejects on a network error, a timeout or a protocol other than http/https.
 */
export function postBytes(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number): Promise<number>;
