import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { volunteerEvent } from '../../test/sos-events';
import { ScenePanel } from './scene-panel';

const json = (body: unknown, status = 200) => jsonResponse(status, body);

function renderPanel(answer: () => Response) {
  stubFetch(async (url: string) => (url === '/api/sos/7/status' ? answer() : json({})));
  return renderRoutes(
    [page('/sos-mode', <ScenePanel event={volunteerEvent({ response: 'accepted' })} onChanged={() => undefined} />)],
    '/sos-mode?sosEventId=7',
  );
}

describe('ScenePanel: saying where they are on the scene', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says the server's reason when it refuses a step", async () => {
    await renderPanel(() => json({ error: { code: 'sos_ended', message: 'This SOS has ended' } }, 409));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Arrived' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This SOS has ended.');
  });

  it('asks to try again when the step could not be sent', async () => {
    await renderPanel(() => json({ error: { code: 'internal_error', message: 'Something went wrong' } }, 500));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Arrived' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update. Try again.');
  });
});
