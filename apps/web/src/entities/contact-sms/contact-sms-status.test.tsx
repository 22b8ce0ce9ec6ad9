import { act, cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { SmsDelivery, SmsStatus } from '@saathi/shared';
import { changeAppLanguage } from '../../i18n';
import { page, renderRoutes } from '../../test/render';
import { ContactSmsStatus } from './index';

/** 22:31 on the phone's own clock, whatever time zone the tests run in. */
const AT_22_31 = new Date(2026, 0, 10, 22, 31).toISOString();
const sms = (status: SmsStatus): SmsDelivery => ({ status, updatedAt: AT_22_31 });

async function renderStatus(status: SmsStatus, { phoneNumber = '9876543210', language = 'en-US' }: { phoneNumber?: string | null; language?: string } = {}) {
  const view = await renderRoutes([page('/', <ContactSmsStatus name="Didi" phoneNumber={phoneNumber} sms={sms(status)} />)], '/');
  if (language !== 'en-US') await act(() => changeAppLanguage(language));
  return view;
}

afterEach(cleanup);
// The test files of a worker share i18next: leave it in English.
afterAll(() => changeAppLanguage('en-US'));

describe('ContactSmsStatus', () => {
  it('queued: says the SMS is on its way, with no time and no call button', async () => {
    await renderStatus('queued');
    expect(await screen.findByText('Sending SMS to Didi…')).toBeVisible();
    expect(screen.queryByText(/10:31/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sent: says when it was handed to the carrier, calmly', async () => {
    await renderStatus('sent');
    expect(await screen.findByText('SMS sent to Didi · 10:31 PM')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('delivered: says when it arrived, with a quiet button to call the contact', async () => {
    await renderStatus('delivered');
    expect(await screen.findByText('SMS delivered to Didi · 10:31 PM')).toBeVisible();
    const call = screen.getByRole('link', { name: 'Call Didi' });
    expect(call).toHaveAttribute('href', 'tel:+919876543210');
    expect(call).toHaveTextContent('Call');
    expect(call).not.toHaveClass('MuiButton-contained');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  for (const status of ['failed', 'undelivered'] as const) {
    it(`${status}: warns that it did not reach the contact, with a prominent button to call them`, async () => {
      await renderStatus(status);
      const warning = await screen.findByRole('alert');
      expect(warning).toHaveClass('MuiAlert-colorWarning');
      expect(warning).toHaveTextContent('SMS to Didi failed: call them');
      const call = screen.getByRole('link', { name: 'Call Didi' });
      expect(warning).toContainElement(call);
      expect(call).toHaveAttribute('href', 'tel:+919876543210');
      expect(call).toHaveClass('MuiButton-contained');
    });
  }

  it('offers no call button for a contact without a saved number, and still warns', async () => {
    await renderStatus('failed', { phoneNumber: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('SMS to Didi failed: call them');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('speaks Hindi', async () => {
    await renderStatus('failed', { language: 'hi-IN' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Didi तक SMS नहीं पहुँचा: उन्हें कॉल करें');
    expect(screen.getByRole('link', { name: 'Didi को कॉल करें' })).toHaveAttribute('href', 'tel:+919876543210');
  });

  it('speaks Hindi, with the time as Hindi reads it', async () => {
    await renderStatus('delivered', { language: 'hi-IN' });
    expect(await screen.findByText('Didi को SMS मिल गया · 10:31 pm')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Didi को कॉल करें' })).toHaveTextContent('कॉल');
  });

  it('speaks Gujarati', async () => {
    await renderStatus('sent', { language: 'gu-IN' });
    expect(await screen.findByText('Didiને SMS મોકલાયો · 10:31 PM')).toBeVisible();
  });

  it('speaks Gujarati when the SMS did not arrive', async () => {
    await renderStatus('undelivered', { language: 'gu-IN' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Didi સુધી SMS પહોંચ્યો નહીં: તેમને કૉલ કરો');
    expect(screen.getByRole('link', { name: 'Didiને કૉલ કરો' })).toHaveAttribute('href', 'tel:+919876543210');
  });
});
