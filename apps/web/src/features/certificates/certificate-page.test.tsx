import type { MyCertificate } from '@saathi/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { serveJson } from '../../test/serve-json';
import { makeUser, signIn } from '../../test/user';
import { CertificatePage } from './certificate-page';
import { fakeCanvas } from './test-canvas';

const certificate: MyCertificate = {
  code: 'ABCDEFGH2345',
  name: 'asha PATEL',
  referralId: 'K7M2Q9XA',
  // 20:00 UTC on 11 March is 01:30 on 12 March in India.
  issuedAt: '2026-03-11T20:00:00.000Z',
  verifyUrl: 'https://saathi.example.in/certificates/ABCDEFGH2345',
  status: 'valid',
};

async function renderPage() {
  signIn(makeUser({ name: 'Asha Patel' }));
  // Inside act: the answer and the fonts arrive while React is still watching, as they would on screen.
  let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
  await act(async () => {
    view = await renderRoutes([page('/cartificate', <CertificatePage />), page('/account', <h1>Account page</h1>)], '/cartificate');
  });
  return view!;
}

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:certificate');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CertificatePage', () => {
  it('draws the certificate with the capitalised name, the referral id and the date in India', async () => {
    const { drawn } = fakeCanvas();
    const fetchMock = serveJson(200, certificate);
    await renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your certificate' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Certificate of membership of Asha Patel, referral ID #K7M2Q9XA, issued on March 12, 2026' }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(drawn.map((d) => d.text)).toContain('Asha Patel'));
    expect(drawn.find((d) => d.text === 'Asha Patel')?.font).toContain('"Great Vibes"');
    expect(drawn.map((d) => d.text)).toEqual(
      expect.arrayContaining(['Certificate of Membership', '#K7M2Q9XA', 'March 12, 2026', 'saathi.example.in/certificates/ABCDEFGH2345']),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/certificates/me', expect.anything());
    expect(screen.getByRole('link', { name: certificate.verifyUrl })).toHaveAttribute('href', certificate.verifyUrl);
  });

  it('downloads a 2400×1694 JPEG named after the holder', async () => {
    const { sizes } = fakeCanvas();
    serveJson(200, certificate);
    await renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Download certificate' }));
    expect(await screen.findByText('Certificate saved as Saathi-certificate-Asha-Patel.jpg')).toBeInTheDocument();
    expect(sizes).toEqual([{ width: 2400, height: 1694 }]);
    expect(clicked).toEqual([{ href: 'blob:certificate', download: 'Saathi-certificate-Asha-Patel.jpg' }]);
    // Ready for another download once this one is done.
    expect(await screen.findByRole('button', { name: 'Download certificate' })).toBeEnabled();
  });

  it('draws a Devanagari name in bold Noto Sans Devanagari', async () => {
    const { drawn } = fakeCanvas();
    serveJson(200, { ...certificate, name: 'अर्जुन क्षत्रिय' });
    await renderPage();
    expect(await screen.findByRole('img', { name: /^Certificate of membership of अर्जुन क्षत्रिय,/ })).toBeInTheDocument();
    await vi.waitFor(() => expect(drawn.map((d) => d.text)).toContain('अर्जुन क्षत्रिय'));
    expect(drawn.find((d) => d.text === 'अर्जुन क्षत्रिय')?.font).toMatch(/^700 \d+px "Noto Sans Devanagari"/);
  });

  it('asks for a name first when the profile has none', async () => {
    fakeCanvas();
    serveJson(409, { error: { code: 'profile_incomplete', message: 'Add your name to your profile to get a certificate.' } });
    const view = await renderPage();
    expect(await screen.findByText('Your certificate shows your name. Add your name to your profile to get it.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Add your name' }));
    expect(view.router.state.location.pathname).toBe('/account');
  });

  it('says a withdrawn certificate was withdrawn and offers no download', async () => {
    fakeCanvas();
    serveJson(200, { ...certificate, status: 'revoked' });
    await renderPage();
    expect(await screen.findByText('Certificate withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a failure in the reader’s words, with Retry', async () => {
    fakeCanvas();
    serveJson(500, { error: { code: 'internal_error', message: 'boom' } });
    await renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});
