import type { PublicConfig } from '@saathi/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { BirthForm } from './birth-form';
import { loadGazetteer } from './place/gazetteer';

afterEach(() => {
  vi.unstubAllGlobals();
});

const publicConfig: PublicConfig = {
  geocoderUrl: null,
  mapTileUrl: null,
  mapTileAttribution: '',
  grievanceOfficer: null,
  features: { astroAi: true },
};

/** Stubs fetch: the public config, and POST /api/astro/charts answering a 400 that names `field`; the bodies sent are recorded. */
function mockServer(field: string) {
  const sent: unknown[] = [];
  stubFetch(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/config/public') return jsonResponse(200, publicConfig);
    if (url.pathname === '/api/astro/charts' && init?.method === 'POST') {
      sent.push(JSON.parse(init.body as string));
      return jsonResponse(400, { error: { code: 'validation_error', message: `${field}: not accepted`, field } });
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return sent;
}

/** The form, once its place field has its towns (they load as their own chunk). */
async function renderForm() {
  await renderRoutes([page('/astro-ai', <BirthForm onCreated={() => undefined} />)], '/astro-ai');
  await screen.findByRole('combobox', { name: /^Place of birth/ });
  await act(async () => {
    await loadGazetteer();
  });
}

async function fillForm() {
  fireEvent.input(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Asha' } });
  fireEvent.input(screen.getByLabelText(/^Date of birth/), { target: { value: '1950-02-28' } });
  fireEvent.input(screen.getByLabelText(/^Time of birth/), { target: { value: '10:30' } });
  // The town typed in Gujarati letters, picked from the bundled gazetteer.
  fireEvent.input(screen.getByRole('combobox', { name: /^Place of birth/ }), { target: { value: 'ભાવનગર' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Bhavnagar, Gujarat' }));
  expect(screen.getByText('Chosen: 21.76° N, 72.15° E')).toBeInTheDocument();
}

// MUI screens render slowly on a busy 2-core machine: a longer bound than the default 5 s.
describe('the birth-details form', { timeout: 20_000 }, () => {
  it('asks for every field before sending anything', async () => {
    const sent = mockServer('birthDate');
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Make the chart' }));
    expect(await screen.findByText('Write a name (up to 80 letters).')).toBeInTheDocument();
    expect(screen.getByText('Enter a real date between 1900 and 2100.')).toBeInTheDocument();
    expect(screen.getByText("Enter a time from 00:00 to 23:59, or tick “I don't know the time of birth”.")).toBeInTheDocument();
    expect(screen.getByText('Choose the place of birth from the list.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the chosen town’s coordinates and shows a server 400 under the field it names', async () => {
    const sent = mockServer('birthDate');
    await renderForm();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Make the chart' }));
    await waitFor(() => expect(screen.getByLabelText(/^Date of birth/)).toHaveAccessibleDescription('Enter a real date between 1900 and 2100.'));
    expect(sent).toEqual([
      { name: 'Asha', birthDate: '1950-02-28', birthTime: '10:30', place: { name: 'Bhavnagar, Gujarat', latitude: 21.76, longitude: 72.15 } },
    ]);
    expect(screen.getByLabelText(/^Date of birth/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Time of birth/)).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends no time when it is unknown, and a refused place shows under the place field', async () => {
    const sent = mockServer('place.latitude');
    await renderForm();
    await fillForm();
    fireEvent.click(screen.getByRole('checkbox', { name: "I don't know the time of birth" }));
    expect(screen.getByLabelText(/^Time of birth/)).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Make the chart' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Place of birth/ })).toHaveAccessibleDescription('Choose the place of birth from the list.'),
    );
    expect(sent).toEqual([
      { name: 'Asha', birthDate: '1950-02-28', birthTime: null, place: { name: 'Bhavnagar, Gujarat', latitude: 21.76, longitude: 72.15 } },
    ]);
  });
});
