import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { TermsPage } from './terms-page';

describe('TermsPage', () => {
  it('heads the terms sections one level under the title and the privacy sections one level under the notice', async () => {
    await renderRoutes([page('/tnc', <TermsPage />)], '/tnc');
    expect(await screen.findByRole('heading', { level: 2, name: 'Saathi does not replace emergency services' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'The data we keep' })).toBeInTheDocument();
  });
});
