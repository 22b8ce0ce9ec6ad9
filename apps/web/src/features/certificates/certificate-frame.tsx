import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { QueryState, type QueryLike } from '../../components/query-state';
import { useErrorText } from '../../lib/error-text';

interface CertificateFrameProps<T> {
  title: string;
  subtitle: string;
  query: QueryLike<T>;
  /** The page's own word for an answer it expects (a code never issued, a name not yet given), or null for LoadFailed with Retry. */
  expectedError: (error: unknown) => ReactNode | null;
  children: (data: T) => ReactNode;
}

/** A certificate page: its header, then the certificate query loading, failing in the page's own words, or loaded. */
export function CertificateFrame<T>({ title, subtitle, query, expectedError, children }: CertificateFrameProps<T>) {
  const errorText = useErrorText();
  return (
    <Stack spacing={2}>
      <PageHeader title={title} subtitle={subtitle} />
      <QueryState query={query} renderError={(error, retry) => expectedError(error) ?? <LoadFailed message={errorText(error)} onRetry={retry} />}>
        {children}
      </QueryState>
    </Stack>
  );
}
