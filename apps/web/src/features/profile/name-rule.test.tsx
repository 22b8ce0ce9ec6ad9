import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeAppLanguage } from '../../i18n';
import { NO_SETTINGS } from '../../test/alerts';
import { page, renderRoutes } from '../../test/render';
import { makeUser, mockApi, signIn } from '../../test/user';
import { ProfileStepperPage } from './profile-stepper-page';
import type { User } from '@saathi/shared';

/**
 * Names are names (@saathi/shared schemas/names.ts): every form that writes a person's or a
 * business name checks the shared rule before sending and says what is wrong under the field,
 * in the app's language; a name stored before the rule is shown as it is and does not block
 * saving the rest of the form. These are the first-login stepper's forms; the account's tabs
 * are in features/account/name-rule.test.tsx.
 */

const NAME_RULE = "Use letters, spaces and . ' - only: no digits, links or line breaks";

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => changeAppLanguage('en-US'));
});

const NO_ALERTS = NO_SETTINGS;

async function renderStepper(user: User) {
  signIn(user);
  const api = mockApi(user, { 'GET /api/users/me/alert-settings': () => ({ status: 200, body: NO_ALERTS }) });
  const view = await renderRoutes([page('/profile', <ProfileStepperPage />)], '/profile');
  await screen.findByRole('heading', { name: 'About you' });
  return { ...view, api };
}

describe('the name rule in the forms', { timeout: 30_000 }, () => {
  it('first-login stepper: "About you" refuses a name with digits, and a contact named with a link', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderStepper(makeUser());
    const name = screen.getByRole('textbox', { name: 'Full name' });
    await user.type(name, 'Priya99');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(NAME_RULE));
    expect(api.patches()).toEqual([]);

    await user.clear(name);
    await user.type(name, "Anil D'Souza");
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Emergency contacts' });
    expect(api.patches()).toEqual([expect.objectContaining({ name: "Anil D'Souza" })]);

    const contactName = screen.getByRole('textbox', { name: 'Contact name' });
    await user.type(contactName, 'Papa bit.ly');
    await user.type(screen.getByRole('textbox', { name: 'Contact mobile number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(contactName).toHaveAccessibleDescription(NAME_RULE);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Emergency contacts' })).toBeInTheDocument();
    expect(api.patches()).toHaveLength(1);
  });

  it('first-login stepper: a name stored before the rule goes through "About you" unsent', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderStepper(makeUser({ name: 'Priya123' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Emergency contacts' });
    expect(api.patches()).toHaveLength(1);
    expect(api.patches()[0]).not.toHaveProperty('name');
  });
});
