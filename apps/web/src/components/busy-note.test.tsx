import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../i18n';
import { apiErrorOf } from '../test/contract-answers';
import { ApiError } from '../lib/api-client';
import { BusyNote } from './busy-note';

const busy = (seconds: number) => apiErrorOf('GET /news', 503, 'busy', 'Busy, retry later', { params: { seconds } });

beforeAll(async () => {
  await initI18n('en-US');
  await i18next.loadNamespaces('common');
});

describe('BusyNote', () => {
  it('says, politely, that what is shown was loaded earlier and when it asks again', () => {
    render(<BusyNote query={{ failureReason: busy(5), isFetching: true, data: ['loaded before'] }} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Saathi is busy right now, so this is what was loaded earlier. Trying again in 5 seconds. SOS still works.',
    );
  });

  it('says only when it asks again on a first load, which keeps its loading state', () => {
    render(<BusyNote query={{ failureReason: busy(1), isFetching: true, data: undefined }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saathi is busy right now. Trying again in 1 second. SOS still works.');
  });

  it('says nothing for other failures, or once the query stopped', () => {
    const { rerender } = render(<BusyNote query={{ failureReason: new ApiError(500, 'internal_error', 'Oops'), isFetching: true, data: [] }} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<BusyNote query={{ failureReason: busy(5), isFetching: false, data: [] }} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<BusyNote query={{ failureReason: null, isFetching: true, data: [] }} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('speaks Hindi and Gujarati', async () => {
    try {
      await i18next.changeLanguage('hi-IN');
      const { rerender } = render(<BusyNote query={{ failureReason: busy(5), isFetching: true, data: [] }} />);
      // The unit is Intl's word for it (waitText), which ICU versions spell differently.
      expect(screen.getByRole('status')).toHaveTextContent(/^साथी अभी व्यस्त है, इसलिए पहले लोड हुई जानकारी दिख रही है। 5 \S+ बाद फिर से कोशिश करेंगे।/);
      await i18next.changeLanguage('gu-IN');
      rerender(<BusyNote query={{ failureReason: busy(5), isFetching: true, data: undefined }} />);
      expect(screen.getByRole('status')).toHaveTextContent(/^સાથી અત્યારે વ્યસ્ત છે. 5 \S+ પછી ફરી પ્રયાસ કરીશું. SOS તો પણ કામ કરે છે.$/);
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });
});
