import { createTheme } from '@mui/material/styles';
import { brand, breakpoints, fontFamily } from './tokens';

export { brand } from './tokens';

/** The MUI theme for every screen except the plain-CSS shell; colours come from tokens.ts. */
export const theme = createTheme({
  // SPEC.md §9 screen breakpoints: 600, 1024, 1440, 1920 px.
  breakpoints: { values: { xs: 0, ...breakpoints } },
  palette: {
    mode: 'light',
    primary: { main: brand.pink, light: brand.pinkLight, dark: brand.pinkDark, contrastText: '#FFFFFF' },
    secondary: { main: brand.teal, dark: brand.tealDark, contrastText: '#FFFFFF' },
    error: { main: brand.emergencyRed, contrastText: '#FFFFFF' },
    // MUI's default info blue (#0288d1) carries white text at 3.9:1; this one at 4.8:1 (AA), e.g. SOS status chips.
    info: { main: '#0277bd', contrastText: '#FFFFFF' },
    // MUI's default warning orange (#ed6c02) carries white text at 3.1:1 (the 'SOS nearby' toast); this burnt orange at 5.3:1.
    warning: { main: '#B84700', contrastText: '#FFFFFF' },
    background: { default: brand.background, paper: '#FFFFFF' },
    text: { primary: brand.ink, secondary: brand.inkSecondary },
    divider: brand.divider,
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily,
    fontWeightLight: 400,
    fontWeightRegular: 400,
    fontWeightMedium: 500,
    fontWeightBold: 700,
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.625rem', fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.3 },
    h4: { fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.35 },
    h5: { fontSize: '1.125rem', fontWeight: 500 },
    h6: { fontSize: '1rem', fontWeight: 500 },
    button: { textTransform: 'none', fontWeight: 500, fontSize: '1rem' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, minHeight: 44, paddingInline: 20 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderRadius: 16 } } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'primary' } },
    MuiBottomNavigationAction: { styleOverrides: { root: { minWidth: 64 } } },
    // Always underlined: a link inside grey secondary text must not rely on its colour alone (WCAG 1.4.1).
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
