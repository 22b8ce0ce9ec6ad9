import type { TrackingView } from '@saathi/shared';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractKey } from '@saathi/shared/contract';
import { PUBLIC_CONFIG } from '../../test/alerts';
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
    expect(linkGone(new ApiError(410, 'journey_arrived', 'The journey has ended'))).toBe('arrived');
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

// The journey's map loads lazily: a worker that ends while that import is still loading fails, so the file waits for it.
afterAll(async () => {
  await import('./journey-map');
});

/** Asha's walk home: started 12 minutes ago, three points so far, the newest 40 s old. */
function journeyView(expectedArrivalAt = new Date(Date.now() + 10 * 60_000).toISOString()): TrackingView {
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  return {
    status: 'active',
    firstName: 'Asha',
    threat: null,
    createdAt: ago(720),
    location: { latitude: 23.0301, longitude: 72.5801, accuracy: 15, at: ago(40) },
    mapsUrl: 'https://maps.google.com/?q=23.0301,72.5801',
    responders: [],
    journey: {
      destination: { name: 'Home', latitude: 23.0225, longitude: 72.5714 },
      mode: 'walk',
      expectedArrivalAt,
      path: [
        { latitude: 23.0338, longitude: 72.585, at: ago(720) },
        { latitude: 23.032, longitude: 72.583, at: ago(400) },
        { latitude: 23.0301, longitude: 72.5801, at: ago(40) },
      ],
    },
  };
}

/** The tracking page's calls: the link's answer, and the map's tiles from the public config. */
function openJourney(answer: () => Promise<TrackingView>) {
  const tracking = stubApiCall((key: ContractKey) => (key === 'GET /config/public' ? Promise.resolve(PUBLIC_CONFIG) : answer()));
  return { tracking, view: renderRoutes([page('/track/:token', <TrackingPage />)], `/track/${TOKEN}`) };
}

describe('TrackingPage for a journey', () => {
  it('says where they are going, how, when they expect to arrive and how old the position is, over a map of the path', async () => {
    const { view } = openJourney(() => Promise.resolve(journeyView()));
    await view;
    expect(await screen.findByRole('heading', { name: 'Asha is on the way to Home', level: 1 })).toBeInTheDocument();
    const headline = screen.getByTestId('tracked-journey');
    expect(headline).toHaveTextContent(/Walking · expected at \d{1,2}:\d{2}\s[AP]MUpdated/);
    expect(within(headline).getByTestId('tracked-journey-age')).toHaveTextContent(/^Updated 4\d seconds ago$/);
    expect(await screen.findByRole('region', { name: 'Map of the journey so far' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'On the map' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Asha is here', 'Home']);
    expect(screen.getByText('23.030100, 72.580100')).toBeInTheDocument();
    // Nobody is coming on a journey: no responders' card.
    expect(screen.queryByText('Asha asked for help')).not.toBeInTheDocument();
  });

  it('says when they are late', async () => {
    const { view } = openJourney(() => Promise.resolve(journeyView(new Date(2026, 0, 10, 22, 45).toISOString())));
    await view;
    expect(await screen.findByTestId('tracked-journey')).toHaveTextContent('Walking · expected at 10:45 PM, not arrived yet');
  });

  it('says "Arrived safely" when the journey ended (410 journey_arrived), asking once', async () => {
    const { tracking, view } = openJourney(() => Promise.reject(new ApiError(410, 'journey_arrived', 'The journey has ended')));
    await view;
    expect(await screen.findByRole('heading', { name: 'Arrived safely', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The journey ended safely. The location is no longer shared.')).toBeInTheDocument();
    expect(screen.queryByText('This SOS has ended')).not.toBeInTheDocument();
    expect(tracking.mock.calls.filter(([key]) => key === 'GET /track/:token')).toHaveLength(1);
  });

  it('says it in Hindi and Gujarati', async () => {
    await initI18n('en-US');
    await i18next.loadNamespaces('tracking');
    await i18next.loadLanguages(['hi-IN', 'gu-IN']);
    for (const [language, onTheWay, arrived] of [
      ['hi-IN', 'आशा घर के रास्ते में हैं', 'सुरक्षित पहुँच गए'],
      ['gu-IN', 'આશા ઘર જવાના રસ્તે છે', 'સુરક્ષિત પહોંચી ગયા'],
    ] as const) {
      const t = i18next.getFixedT(language, 'tracking');
      expect(t('journey.title', { name: language === 'hi-IN' ? 'आशा' : 'આશા', destination: language === 'hi-IN' ? 'घर' : 'ઘર' })).toBe(onTheWay);
      expect(t('arrivedTitle')).toBe(arrived);
    }
  });
});
