import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Minimum size of anything the pilot taps (gloved fingers on a 7" 1920×1080 screen). */
export const TOUCH_TARGET = 64;

/** The app theme, scaled up for the remote controller: large type and large touch targets, no hover-only affordances. */
export const controllerTheme = (outer: Theme) =>
  createTheme(outer, {
    typography: {
      fontSize: 18,
      h4: { fontSize: '2.4rem' },
      h5: { fontSize: '1.9rem' },
      h6: { fontSize: '1.5rem' },
      body1: { fontSize: '1.25rem' },
      body2: { fontSize: '1.1rem' },
    },
    components: {
      MuiButton: {
        defaultProps: { size: 'large' },
        styleOverrides: { root: { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET * 1.5, fontSize: '1.2rem', paddingInline: 24 } },
      },
      MuiIconButton: { styleOverrides: { root: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } } },
      MuiListItemButton: { styleOverrides: { root: { minHeight: 80 } } },
      MuiOutlinedInput: { styleOverrides: { input: { fontSize: '1.3rem', minHeight: 36 } } },
      MuiInputLabel: { styleOverrides: { root: { fontSize: '1.2rem' } } },
      MuiChip: { styleOverrides: { root: { height: 44, fontSize: '1.1rem', borderRadius: 22 } } },
      MuiTab: { styleOverrides: { root: { minHeight: 96, fontSize: '1.3rem' } } },
    },
  });

export default function ControllerTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={controllerTheme}>{children}</ThemeProvider>;
}
