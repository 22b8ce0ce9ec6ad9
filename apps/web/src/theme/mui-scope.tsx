import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * Gives MUI components the Saathi theme. Screens load it with their own chunk (see
 * app/routes.tsx), so the SOS dashboard and the shell never download MUI. The page baseline
 * (fonts, background, focus ring) is plain CSS in app/global.css, shared by both.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
