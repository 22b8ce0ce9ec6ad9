import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { changeAppLanguage } from '../../i18n';
import { page, renderRoutes } from '../../test/render';
import { makeUser, mockApi, signIn } from '../../test/user';
import { loadResponderSettings } from '../responders/lazy';
import { AccountPage } from './account-page';
import type { User } from '@saathi/shared';

/**
 * Names are names (@saathi/shared schemas/names.ts): every form that writes a person's or a
 * business name checks the shared rule before sending and says what is wrong under the field,
 * in the app's language; a name stored before the rule is shown as it is and does not block
 * saving the rest of the form. These are the account's tabs; the first-login stepper's are in
 * features/profile/name-rule.test.tsx.
 */

const NAME_RULE = "Use letters, spaces and . ' - only: no digits, links or line breaks";
const BUSINESS_NAME_RULE = "Use letters, digits, spaces and . ' - & , / only: no links or line breaks";

// The volunteering tab loads lazily; wait for it so the worker does not end while it loads.
afterAll(async () => {
  await loadResponderSettings();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => changeAppLanguage('en-US'));
});

async function renderAccount(user: User, tab: string, handlers: Parameters<typeof mockApi>[1] = {}) {
  signIn(user);
  const api = mockApi(user, handlers);
  const view = await renderRoutes([page('/account', <AccountPage />)], `/account?tab=${tab}`);
  await screen.findByRole('tablist', { name: 'Account sections' });
  return { ...view, api };
}

const completed = (overrides: Partial<User> = {}) => makeUser({ name: 'Priya Sharma', dob: '1998-04-15', profileCompleted: true, ...overrides });

describe('the name rule in the forms', { timeout: 30_000 }, () => {
  it('profile tab: a name with digits or a link is refused under the field and nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount(completed(), 'profile');
    const name = screen.getByRole('textbox', { name: 'Full name' });

    for (const typed of ['Priya123', 'visit www.priya.in']) {
      await user.clear(name);
      await user.type(name, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(name).toHaveAccessibleDescription(NAME_RULE));
      expect(name).toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.patches()).toEqual([]);

    await user.clear(name);
    await user.type(name, 'प्रिया शर्मा');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches()).toEqual([expect.objectContaining({ name: 'प्रिया शर्मा' })]));
  });

  it('profile tab: says so in Hindi and in Gujarati', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = await renderAccount(completed(), 'profile');
    for (const [language, text] of [
      ['hi-IN', "केवल अक्षर, स्पेस और . ' - लिखें: अंक, लिंक या नई पंक्ति नहीं"],
      ['gu-IN', "ફક્ત અક્ષરો, સ્પેસ અને . ' - લખો: અંકો, લિંક કે નવી લીટી નહીં"],
    ] as const) {
      await act(() => changeAppLanguage(language));
      const name = container.querySelector<HTMLInputElement>('#profile-name');
      if (!name) throw new Error('no name field');
      await user.clear(name);
      await user.type(name, 'Priya 2');
      await user.click(within(screen.getByRole('tabpanel')).getAllByRole('button').at(-1) as HTMLElement);
      await waitFor(() => expect(name).toHaveAccessibleDescription(text));
    }
  });

  it('profile tab: a name stored before the rule is shown as it is and the other fields still save', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount(completed({ name: 'Priya123' }), 'profile');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Priya123');

    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Surat');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.patches()).toEqual([expect.objectContaining({ city: 'Surat' })]);
    expect(api.patches()[0]).not.toHaveProperty('name');
  });

  it('profile tab: a server 400 on the name shows the rule under the field', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAccount(completed(), 'profile', {
      'PATCH /api/users/me': () => ({ status: 400, body: { error: { code: 'validation_error', message: 'Name cannot contain digits', field: 'name' } } }),
    });
    const name = screen.getByRole('textbox', { name: 'Full name' });
    await user.clear(name);
    await user.type(name, 'Priya Shah');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(NAME_RULE));
  });

  it('business tab: a link in the business name is refused, digits, & and / are fine, and an old name does not block saving', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount(completed({ businessName: 'Shop www.shop.in' }), 'business');
    const business = screen.getByRole('textbox', { name: 'Business name' });
    expect(business).toHaveValue('Shop www.shop.in');

    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '9898989898');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]).not.toHaveProperty('businessName');

    await user.clear(business);
    await user.type(business, 'Patel Fruits patelfruits.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(business).toHaveAccessibleDescription(BUSINESS_NAME_RULE));
    expect(api.patches()).toHaveLength(1);

    await user.clear(business);
    await user.type(business, 'Shop No. 5, A/B Fruits & Vegetables');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches()).toHaveLength(2));
    expect(api.patches()[1]).toMatchObject({ businessName: 'Shop No. 5, A/B Fruits & Vegetables' });
    expect(business).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('contacts tab: a contact named with digits is not added; an old contact stays and a server 400 shows under it', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount(completed({ emergencyContacts: [{ name: 'Mom 2', phoneNumber: '9876543210' }] }), 'contacts', {
      'PATCH /api/users/me': () => ({
        status: 400,
        body: { error: { code: 'validation_error', message: 'Name cannot contain a link', field: 'emergencyContacts.0.name' } },
      }),
    });
    expect(screen.getByText('Mom 2')).toBeInTheDocument();

    const contactName = screen.getByRole('textbox', { name: 'Contact name' });
    await user.type(contactName, 'Ravi 2');
    await user.type(screen.getByRole('textbox', { name: 'Contact mobile number' }), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(contactName).toHaveAccessibleDescription(NAME_RULE);
    expect(screen.queryByText('Ravi 2')).toBeNull();

    await user.clear(contactName);
    await user.type(contactName, 'ધ્રુવ પટેલ');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByText('ધ્રુવ પટેલ')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]).toEqual({
      emergencyContacts: [
        { name: 'Mom 2', phoneNumber: '9876543210' },
        { name: 'ધ્રુવ પટેલ', phoneNumber: '9123456789' },
      ],
    });
    const list = screen.getByRole('list', { name: /contacts/i });
    expect(await within(list).findByText(NAME_RULE)).toBeInTheDocument();
  });
});
