import type { TrackingView } from '@saathi/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { stubApiCall } from '../../test/contract-answers';
import { i18next, initI18n } from '../../i18n';
import { page, renderRoutes } from '../../test/render';
import { linkGone, TrackingPage } from './tracking-page';

const TOKEN = 'A'.repeat(43);

function open(answer: () => Promise<TrackingView>) {
  const tracking = stubApiCall(answer);
  return { tracking, view: renderRoutes([page('/track/:token', <TrackingPage />)], `/track/${TOKEN}`) };
}

afterEach(() => vi.restoreAllMocks());

describe('linkGone', () => {
  it('tells a link that never existed (404, or 400 when malformed) from an SOS that ended (410)', () => {
    expect(linkGone(new ApiError(404, 'not_found', 'This tracking link is not valid'))).toBe('invalid');
    expect(linkGone(new ApiError(400, 'validation_error', 'Invalid link'))).toBe('invalid');
    expect(linkGone(new ApiError(410, 'link_expired', 'This SOS has ended'))).toBe('ended');
    expect(linkGone(new ApiError(500, 'HTTP_500', 'Server error'))).toBeNull();
    expect(linkGone(new ApiError(0, 'NETWORK_ERROR', 'No connection'))).toBeNull();
    expect(linkGone(new Error('boom'))).toBeNull();
  });
});

// console.error fails any test (src/test/setup.ts): these also prove the expected answers are not logged.
describe('TrackingPage', () => {
  it('says "This link is not valid" for a link the server does not know (404), asking once', async () => {
    const { tracking, view } = open(() => Promise.reject(new ApiError(404, 'not_found', 'This tracking link is not valid')));
    await view;
    expect(await screen.findByRole('heading', { name: 'This link is not valid', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('This SOS has ended')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /112/ })).toHaveAttribute('href', 'tel:112');
    expect(tracking).toHaveBeenCalledTimes(1);
    expect(tracking).toHaveBeenCalledWith('GET /track/:token', { params: { token: TOKEN } });
  });

  it('says "This SOS has ended" when the event ended (410)', async () => {
    const { tracking, view } = open(() => Promise.reject(new ApiError(410, 'link_expired', 'This SOS has ended; the tracking link no longer works')));
    await view;
    expect(await screen.findByRole('heading', { name: 'This SOS has ended', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The location is no longer shared.')).toBeInTheDocument();
    expect(screen.queryByText('This link is not valid')).not.toBeInTheDocument();
    expect(tracking).toHaveBeenCalledTimes(1);
  });

  it('says both in Hindi and Gujarati', async () => {
    await initI18n('en-US');
    await i18next.loadNamespaces('tracking');
    await i18next.loadLanguages(['hi-IN', 'gu-IN']);
    for (const [language, invalid, ended] of [
      ['hi-IN', 'यह लिंक मान्य नहीं है', 'यह SOS समाप्त हो गया है'],
      ['gu-IN', 'આ લિંક માન્ય નથી', 'આ SOS પૂરું થયું છે'],
    ] as const) {
      const t = i18next.getFixedT(language, 'tracking');
      expect(t('invalidTitle')).toBe(invalid);
      expect(t('endedTitle')).toBe(ended);
    }
  });
});
