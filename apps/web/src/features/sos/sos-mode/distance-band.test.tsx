import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../../test/render';
import { RecipientsList } from './recipients-list';
import { VolunteerView } from './volunteer-view';
import { recipient, volunteerEvent } from '../../../test/sos-events';

afterEach(cleanup);

describe('distances on the SOS screen (DESIGN.md §8)', () => {
  it('shows the owner a band for volunteers who have not accepted, metres for those coming, nothing for contacts', async () => {
    const recipients = [
      recipient({ notificationId: 1, name: 'Kavita' }),
      recipient({ notificationId: 2, name: 'Farhan', distanceBand: '1000-2000', radiusM: 2000 }),
      recipient({ notificationId: 3, name: 'Vikram', status: 'accepted', distanceM: 348, distanceBand: '0-500', respondedAt: '2026-01-10T10:01:00.000Z' }),
      recipient({ notificationId: 4, kind: 'contact', userId: null, name: 'Sunil Sharma', distanceBand: null, radiusM: null }),
    ];
    await renderRoutes([page('/', <RecipientsList recipients={recipients} label="Who was alerted" />)], '/');
    const items = within(await screen.findByRole('list', { name: 'Who was alerted' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Volunteer · within 500 m');
    expect(items[1]).toHaveTextContent('Volunteer · 1–2 km away');
    expect(items[2]).toHaveTextContent('Volunteer · 348 m');
    expect(items[2]).not.toHaveTextContent('within 500 m');
    expect(items[3]).toHaveTextContent('Emergency contact');
    expect(items[3]).not.toHaveTextContent(/ m\b|km/);
  });

  it('tells an alerted volunteer only the band before they accept', async () => {
    const event = volunteerEvent({ victim: { firstName: 'Priya', location: null, distanceM: null, distanceBand: '500-1000', mapsUrl: null } });
    await renderRoutes([page('/', <VolunteerView event={event} />)], '/');
    expect(await screen.findByText('500 m–1 km from you')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open in Maps' })).toBeNull();
  });
});
