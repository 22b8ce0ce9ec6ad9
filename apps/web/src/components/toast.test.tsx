import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider, useHoldBackgroundToasts, useToast, type ToastApi } from './toast';
// The toast's own chunk, loaded up front: the first toast then shows within findBy's wait.
import './toast-view';

let api: ToastApi;

function Grab() {
  const toast = useToast();
  useEffect(() => {
    api = toast;
  }, [toast]);
  return null;
}

/** Stands for an SOS screen: holds background toasts while `sosEventId` is set. */
function SosScreen({ sosEventId }: { sosEventId: number | null }) {
  useHoldBackgroundToasts(sosEventId);
  return null;
}

function renderWith(sosEventId: number | null) {
  const view = render(
    <ToastProvider>
      <Grab />
      <SosScreen sosEventId={sosEventId} />
    </ToastProvider>,
  );
  return {
    ...view,
    sosScreen: (id: number | null) =>
      view.rerender(
        <ToastProvider>
          <Grab />
          <SosScreen sosEventId={id} />
        </ToastProvider>,
      ),
  };
}

const OFFLINE_READY = 'Saathi is ready to open without internet';
const FAILED = 'Could not end the SOS. Try again.';

async function closeToast(text: string) {
  const alert = (await screen.findByText(text)).closest('[role="alert"]') as HTMLElement;
  await userEvent.click(alert.querySelector('button[aria-label="Close"]') as HTMLElement);
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}

describe('toasts while the user’s own SOS is active', () => {
  afterEach(cleanup);

  it('without an active SOS, a background toast shows as any other', async () => {
    renderWith(null);
    act(() => api.success(OFFLINE_READY, { background: true }));
    expect(await screen.findByText(OFFLINE_READY)).toBeVisible();
  });

  it('a background toast waits while the SOS is active, the SOS screen’s own toast shows, and the waiting one shows after the SOS ends', async () => {
    const { sosScreen } = renderWith(7);
    act(() => {
      api.success(OFFLINE_READY, { background: true });
      api.error(FAILED);
    });
    // The screen's own message comes first although it was sent second: the other one waits.
    expect(await screen.findByText(FAILED)).toBeVisible();
    expect(screen.queryByText(OFFLINE_READY)).toBeNull();
    await closeToast(FAILED);
    expect(screen.queryByRole('alert')).toBeNull();

    sosScreen(null);
    expect(await screen.findByText(OFFLINE_READY)).toBeVisible();
  });

  it('a background toast on screen when the SOS becomes active leaves at once, and comes back after', async () => {
    const { sosScreen } = renderWith(null);
    act(() => api.info('A new version of Saathi is ready', { background: true, autoHideMs: null }));
    expect(await screen.findByText('A new version of Saathi is ready')).toBeVisible();

    sosScreen(7);
    await waitFor(() => expect(screen.queryByText('A new version of Saathi is ready')).toBeNull());
    act(() => api.error(FAILED));
    expect(await screen.findByText(FAILED)).toBeVisible();
    expect(screen.queryByText('A new version of Saathi is ready')).toBeNull();
    await closeToast(FAILED);

    sosScreen(null);
    expect(await screen.findByText('A new version of Saathi is ready')).toBeVisible();
  });

  it('news of the active SOS itself shows over its screen; news of another SOS waits', async () => {
    renderWith(7);
    act(() => {
      api.warning('Meera needs help nearby', { background: true, sosEventId: 9 });
      api.warning('Kavita accepted your SOS', { background: true, sosEventId: 7 });
    });
    expect(await screen.findByText('Kavita accepted your SOS')).toBeVisible();
    expect(screen.queryByText('Meera needs help nearby')).toBeNull();
  });

  it('after the SOS, a toast that waited shows only if it still matters', async () => {
    const { sosScreen } = renderWith(7);
    const meeraStillNeedsHelp = true;
    act(() => {
      api.warning('Meera needs help nearby', { background: true, sosEventId: 9, stillRelevant: () => meeraStillNeedsHelp });
      api.warning('Ravi needs help nearby', { background: true, sosEventId: 10, stillRelevant: () => false });
      api.error(FAILED);
    });
    expect(await screen.findByText(FAILED)).toBeVisible();
    await closeToast(FAILED);

    sosScreen(null);
    expect(await screen.findByText('Meera needs help nearby')).toBeVisible();
    await closeToast('Meera needs help nearby');
    // Ravi's SOS ended while the user's own was active: nothing more comes.
    act(() => api.info('Marker: the queue is past the dropped toast'));
    expect(await screen.findByText('Marker: the queue is past the dropped toast')).toBeVisible();
    expect(screen.queryByText('Ravi needs help nearby')).toBeNull();
  });

  it('the hold lasts while any SOS screen holds it', async () => {
    const view = render(
      <ToastProvider>
        <Grab />
        <SosScreen sosEventId={7} />
        <SosScreen sosEventId={7} />
      </ToastProvider>,
    );
    act(() => api.success(OFFLINE_READY, { background: true }));
    view.rerender(
      <ToastProvider>
        <Grab />
        <SosScreen sosEventId={7} />
        <SosScreen sosEventId={null} />
      </ToastProvider>,
    );
    act(() => api.error(FAILED));
    expect(await screen.findByText(FAILED)).toBeVisible();
    expect(screen.queryByText(OFFLINE_READY)).toBeNull();
    await closeToast(FAILED);

    view.rerender(
      <ToastProvider>
        <Grab />
        <SosScreen sosEventId={null} />
        <SosScreen sosEventId={null} />
      </ToastProvider>,
    );
    expect(await screen.findByText(OFFLINE_READY)).toBeVisible();
  });
});
