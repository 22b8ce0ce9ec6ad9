import type { CatalogResponse } from '@saathi/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApiCall } from '../../../test/contract-answers';
import { page, renderRoutes } from '../../../test/render';
import { BusinessCatalogDialog } from './business-catalog-dialog';

const READER = { latitude: 23.0225, longitude: 72.5714 };
const base = { whatsappNumber: null, doesDelivery: true, deliveryText: null } as const;

function openCatalog(answer: CatalogResponse) {
  const call = stubApiCall(() => answer);
  return { call, view: renderRoutes([page('/', <BusinessCatalogDialog open businessUserId={12} readerLocation={READER} onClose={() => undefined} />)], '/') };
}

afterEach(() => vi.restoreAllMocks());

// console.error fails any test (src/test/setup.ts), so these also show nothing is logged.
describe('BusinessCatalogDialog', () => {
  it('says "Outside delivery range (3 km)" when the server answers that the reader is out of range', async () => {
    const { call, view } = openCatalog({ ...base, catalogItems: [], unavailable: { reason: 'outside_delivery_range', deliveryRangeM: 3000 } });
    await view;
    expect(await screen.findByText('Catalog not available - Outside delivery range (3 km)')).toBeInTheDocument();
    expect(screen.queryByText(/3000m/)).not.toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('GET /community/business-catalog/:userId', { params: { userId: 12 }, query: READER });
  });

  it('names the cart button with the plural of its count', async () => {
    const { view } = openCatalog({
      ...base,
      whatsappNumber: '9825012345',
      catalogItems: [{ id: 4, title: 'Kaju katli', imageUrl: '/media/catalog/0.jpg' }],
      unavailable: null,
    });
    await view;
    // The cart button is there before the catalog has loaded: wait for the item's order field.
    await screen.findByRole('textbox', { name: 'Your order for this item' });
    expect(screen.getByRole('button', { name: 'Cart (0 items)' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Your order for this item' }), '1 kg');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Cart (1 item)' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your order for this item' }), '500 g');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Cart (2 items)' })).toBeInTheDocument();
  }, 15_000);
});
