import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../../test/render';
import { EnterCoordinatesDialog } from './enter-coordinates-dialog';

describe('Enter Coordinates', () => {
  it("shows SPEC.md's three errors and hands back a valid point", async () => {
    const onSubmit = vi.fn();
    await renderRoutes([page('/', <EnterCoordinatesDialog open onClose={() => undefined} onSubmit={onSubmit} />)], '/');
    const user = userEvent.setup();
    const field = await screen.findByTestId('coordinates-input');
    const go = screen.getByRole('button', { name: 'Go' });

    await user.click(go);
    expect(screen.getByText('Please enter valid latitude and longitude')).toBeInTheDocument();
    await user.type(field, '23.0 north');
    await user.click(go);
    expect(screen.getByText('Invalid coordinates format')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '95, 72');
    await user.click(go);
    expect(screen.getByText('Coordinates out of valid range')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '23.0225 ,  72.5714');
    await user.click(go);
    expect(onSubmit).toHaveBeenCalledWith({ latitude: 23.0225, longitude: 72.5714 });
  });
});
