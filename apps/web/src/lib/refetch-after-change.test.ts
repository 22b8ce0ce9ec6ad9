import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchAfterChange } from './refetch-after-change';

/** A server whose answers are released by hand, so a read can be held in flight across a write. */
function slowServer() {
  let comments = ['first'];
  const pending: Array<() => void> = [];
  return {
    write: (comment: string) => {
      comments = [...comments, comment];
    },
    read: () =>
      new Promise<string[]>((resolve) => {
        const answer = [...comments]; // what the server read when the request arrived
        pending.push(() => resolve(answer));
      }),
    answerAll: () => pending.splice(0).forEach((answer) => answer()),
  };
}

describe('refetchAfterChange', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => client.clear());

  async function settled(observer: { getCurrentResult: () => { data?: string[] } }, server: ReturnType<typeof slowServer>) {
    for (let i = 0; i < 5; i += 1) {
      server.answerAll();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return observer.getCurrentResult();
  }

  it('shows a change made while the first load was still in flight', async () => {
    const server = slowServer();
    const observer = new QueryObserver(client, { queryKey: ['comments'], queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);

    server.write('mine'); // the first read was answered from before this write
    await Promise.all([refetchAfterChange(client, { queryKey: ['comments'] }), settled(observer, server)]);

    expect((await settled(observer, server)).data).toEqual(['first', 'mine']);
    unsubscribe();
  });

  it('fetches shown data again after a change', async () => {
    const server = slowServer();
    const observer = new QueryObserver(client, { queryKey: ['comments'], queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    expect((await settled(observer, server)).data).toEqual(['first']);

    server.write('mine');
    await Promise.all([refetchAfterChange(client, { queryKey: ['comments'] }), settled(observer, server)]);

    expect((await settled(observer, server)).data).toEqual(['first', 'mine']);
    unsubscribe();
  });

  it('leaves queries of other keys alone', async () => {
    const server = slowServer();
    const other = new QueryObserver(client, { queryKey: ['likes'], queryFn: server.read });
    const unsubscribe = other.subscribe(() => undefined);
    await settled(other, server);
    const fetchedAt = other.getCurrentResult().dataUpdatedAt;

    await refetchAfterChange(client, { queryKey: ['comments'] });

    expect(client.getQueryState(['likes'])?.isInvalidated).toBe(false);
    expect(other.getCurrentResult().dataUpdatedAt).toBe(fetchedAt);
    unsubscribe();
  });
});
