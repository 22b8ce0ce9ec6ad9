import type { CommunityPost } from '@saathi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../i18n';
import { stubApiCall } from '../../test/contract-answers';
import { usePostActions } from './use-post-actions';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../components/toast', () => ({ useToast: () => toast }));

const post = { id: 7, title: 'Kesar mangoes', userName: 'Patel Fruits' } as CommunityPost;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeAll(async () => {
  await initI18n('en-US');
  await i18next.loadNamespaces('community');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('sharing a post', () => {
  it('says nothing and counts nothing when the phone share sheet is dismissed', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    vi.stubGlobal('navigator', { ...navigator, share, canShare: undefined, clipboard: { writeText: vi.fn() } });
    const count = stubApiCall(() => ({ sharesCount: 1 }));
    const { result } = renderHook(() => usePostActions(), { wrapper });
    await act(() => result.current.share(post));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/saathi-community-post/7` }));
    expect(count).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('counts a completed share', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn(async () => undefined), canShare: undefined });
    const count = stubApiCall(() => ({ sharesCount: 1 }));
    const { result } = renderHook(() => usePostActions(), { wrapper });
    await act(() => result.current.share(post));
    expect(count).toHaveBeenCalledWith('POST /posts/:postId/share', { params: { postId: 7 } });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined, clipboard: { writeText } });
    stubApiCall(() => ({ sharesCount: 1 }));
    const { result } = renderHook(() => usePostActions(), { wrapper });
    await act(() => result.current.share(post));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/saathi-community-post/7`);
    expect(toast.success).toHaveBeenCalledWith('Link copied to clipboard!');
  });

  it('shows the error only when neither sharing nor copying works', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      canShare: undefined,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    const { result } = renderHook(() => usePostActions(), { wrapper });
    await act(() => result.current.share(post));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
