import type { CertificateVerification } from '@saathi/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeAppLanguage } from '../../i18n';
import { page, renderRoutes } from '../../test/render';
import { serveJson } from '../../test/serve-json';
import { CertificateCheckPage } from './certificate-check-page';

const verification: CertificateVerification = {
  name: 'asha patel',
  referralId: 'K7M2Q9XA',
  // 20:00 UTC on 11 March is 01:30 on 12 March in India.
  issuedAt: '2026-03-11T20:00:00.000Z',
  status: 'valid',
};

/** Rendered inside act: the answer arrives while React is still watching, as it would on screen. */
const renderCheck = (code = 'abcdefgh2345') => act(() => renderRoutes([page('/certificates/:code', <CertificateCheckPage />)], `/certificates/${code}`));

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => changeAppLanguage('en-US'));
});

describe('CertificateCheckPage', () => {
  it('shows whose certificate it is, when it was issued (India time) and that it is valid', async () => {
    const fetchMock = serveJson(200, verification);
    await renderCheck();
    expect(await screen.findByText('Valid certificate')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeInTheDocument();
    expect(screen.getByText('Asha Patel')).toBeInTheDocument();
    expect(screen.getByText('#K7M2Q9XA')).toBeInTheDocument();
    expect(screen.getByText('March 12, 2026')).toBeInTheDocument();
    expect(screen.getByText('ABCDEFGH2345')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/certificates/ABCDEFGH2345', expect.anything());
  });

  it('says a revoked certificate was withdrawn', async () => {
    serveJson(200, { ...verification, status: 'revoked' });
    await renderCheck();
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.getByText('Saathi has withdrawn this certificate. It is no longer valid.')).toBeInTheDocument();
    expect(screen.queryByText('Valid certificate')).not.toBeInTheDocument();
  });

  it('says a replaced certificate has a newer one', async () => {
    serveJson(200, { ...verification, status: 'replaced' });
    await renderCheck();
    expect(await screen.findByText('Replaced')).toBeInTheDocument();
    expect(screen.getByText('The holder has a newer certificate, so this one is no longer current.')).toBeInTheDocument();
  });

  it('says when no certificate has the code', async () => {
    serveJson(404, { error: { code: 'certificate_not_found', message: 'There is no certificate with this code.' } });
    await renderCheck('ZZZZZZZZZZZZ');
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
    expect(screen.getByText('There is no certificate with the code ZZZZZZZZZZZZ. Check the code and try again.')).toBeInTheDocument();
  });

  it('speaks Hindi, with the date in Hindi', async () => {
    serveJson(200, verification);
    await renderCheck();
    await act(() => changeAppLanguage('hi-IN'));
    expect(await screen.findByText('मान्य प्रमाणपत्र')).toBeInTheDocument();
    expect(screen.getByText('12 मार्च 2026')).toBeInTheDocument();
  });
});
