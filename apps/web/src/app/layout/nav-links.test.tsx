import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../entities/session';
import { makeUser } from '../../test/user';
import { page, renderRoutes } from '../../test/render';
import { NavLinks } from './nav-links';

describe('NavLinks', () => {
  it('lists the leaderboard, the certificate and local alerts in the side rail, after the main items', async () => {
    await renderRoutes([page('/leaderboard', <NavLinks variant="side" />)], '/leaderboard');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // The secondary group is its own chunk: it arrives a moment after the main items.
    await within(nav).findByRole('link', { name: 'Certificate' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')]).slice(-3)).toEqual([
      ['Leaderboard', '/leaderboard'],
      ['Certificate', '/cartificate'],
      ['Local alerts', '/alerts'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks local alerts as the current place on the report form too', async () => {
    await renderRoutes([page('/alerts/new', <NavLinks variant="side" />)], '/alerts/new');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Local alerts' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the phone’s bottom bar to the six main items', async () => {
    await renderRoutes([page('/', <NavLinks variant="bottom" />)], '/');
    expect(within(screen.getByRole('navigation')).getAllByRole('link')).toHaveLength(6);
  });

  describe('Manage', () => {
    // Inside act: the rendered rail still listens to the session.
    afterEach(() => act(() => clearSession()));

    it('is in the side rail for someone holding a management role', async () => {
      setSession(makeUser({ roles: ['user', 'moderator'] }));
      await renderRoutes([page('/manage', <NavLinks variant="side" />)], '/manage');
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(await within(nav).findByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/manage');
    });

    it('is not there for a member without one', async () => {
      setSession(makeUser({ roles: ['user'] }));
      await renderRoutes([page('/', <NavLinks variant="side" />)], '/');
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      await within(nav).findByRole('link', { name: 'Certificate' });
      expect(within(nav).queryByRole('link', { name: 'Manage' })).toBeNull();
    });
  });
});
