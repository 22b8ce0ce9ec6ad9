import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareOrCopy } from './share-or-copy';

const data = { title: 'Kesar mangoes', text: 'Look', url: 'https://saathi.example/saathi-community-post/7' };

function stubNavigator(share: ((d: unknown) => Promise<void>) | undefined, writeText = vi.fn(async () => undefined)) {
  vi.stubGlobal('navigator', { ...navigator, share, canShare: undefined, clipboard: { writeText } });
  return writeText;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shareOrCopy', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = stubNavigator(share);
    expect(await shareOrCopy(data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a dismissed share sheet (AbortError) as cancelled, copying nothing', async () => {
    const writeText = stubNavigator(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    expect(await shareOrCopy(data)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when sharing is refused or missing', async () => {
    let writeText = stubNavigator(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    expect(await shareOrCopy(data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
    writeText = stubNavigator(undefined);
    expect(await shareOrCopy(data)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it('fails only when the link cannot be copied either', async () => {
    stubNavigator(
      undefined,
      vi.fn(async () => {
        throw new Error('denied');
      }),
    );
    expect(await shareOrCopy(data)).toBe('failed');
  });
});
