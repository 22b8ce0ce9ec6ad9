import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../test/render';
import { QueryState, type QueryLike, type QueryStateProps } from './query-state';

function query(overrides: Partial<QueryLike<string>>): QueryLike<string> {
  return { isPending: false, isError: false, error: null, data: undefined, refetch: vi.fn(() => Promise.resolve()), ...overrides };
}

type ErrorOptions = Pick<QueryStateProps<string>, 'errorMessage' | 'renderError' | 'keepDataOnError'>;

/** QueryState over `state`, showing loaded data as a paragraph. */
function show(state: QueryLike<string>, options: ErrorOptions = { errorMessage: 'Could not load' }) {
  return renderRoutes(
    [
      page(
        '/',
        <QueryState query={state} {...options}>
          {(data) => <p>{data}</p>}
        </QueryState>,
      ),
    ],
    '/',
  );
}

describe('QueryState', () => {
  it('shows a labelled spinner while the query loads, not the data', async () => {
    await show(query({ isPending: true }));
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
  });

  it('shows the data once loaded', async () => {
    await show(query({ data: 'Hello' }));
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the error with a "Try again" that fetches it again', async () => {
    const failed = query({ isError: true, error: new Error('boom') });
    await show(failed);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows the error, not stale data, when a refetch failed', async () => {
    await show(query({ isError: true, data: 'Old' }));
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.queryByText('Old')).not.toBeInTheDocument();
  });

  it('keeps the data after a failed refetch when asked to', async () => {
    await show(query({ isError: true, data: 'Old' }), { errorMessage: 'Could not load', keepDataOnError: true });
    expect(await screen.findByText('Old')).toBeInTheDocument();
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
  });

  it("shows the page's own error block, given the error and a retry", async () => {
    const failed = query({ isError: true, error: new Error('gone') });
    await show(failed, { renderError: (error, retry) => <button onClick={retry}>{(error as Error).message}</button> });
    await userEvent.click(await screen.findByRole('button', { name: 'gone' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
