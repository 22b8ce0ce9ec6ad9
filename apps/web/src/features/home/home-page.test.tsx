import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { clearSession } from '../../entities/session';
import { makeUser, mockApi, signIn } from '../../test/user';
import { HomePage } from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('tells visitors what Saathi does, how to sign in and how to install it', async () => {
    clearSession();
    await renderRoutes([page('/home', <HomePage />)], '/home');
    expect(await screen.findByRole('heading', { level: 1, name: /help is closer/i })).toBeInTheDocument();
    for (const name of ['SOS', 'Volunteers', 'Community', 'News']) expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // No install prompt offered by jsdom: the browser's own steps are shown instead.
    expect(screen.getByText('Safari on iPhone')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).not.toBeInTheDocument();
  });

  it('offers the browser install prompt when the browser fires one', async () => {
    clearSession();
    await renderRoutes([page('/home', <HomePage />)], '/home');
    await screen.findByRole('heading', { name: 'Install Saathi on your phone' });
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
    act(() => {
      window.dispatchEvent(event);
    });
    const install = await screen.findByRole('button', { name: 'Install Saathi' });
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(install);
    // A prompt can be used once: the button goes and the manual steps come back.
    expect(await screen.findByText('Safari on iPhone')).toBeInTheDocument();
    expect(prompt).toHaveBeenCalledOnce();
  });

  it('gives signed-in users a shortcut to each part of the app', async () => {
    const user = makeUser({ name: 'Asha' });
    mockApi(user);
    signIn(user);
    await renderRoutes([page('/home', <HomePage />)], '/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Asha' })).toBeInTheDocument();
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    const targets = [...shortcuts.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(targets).toEqual(['/sos', '/journey', '/volunteers', '/community', '/incident-reels', '/news', '/account', '/test', '/help']);
    expect(screen.queryByRole('heading', { name: 'How to sign in' })).not.toBeInTheDocument();
  });
});
