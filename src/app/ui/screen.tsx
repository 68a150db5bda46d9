import { Box } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';

/** The one gutter of every screen: 16 px on a phone, 24 px from 600 px up. */
export const GUTTER = { xs: 2, sm: 3 } as const;

const InsideFrame = createContext(false);

/** The content area of a layout (the panel's shell): it owns the gutter, so the screens inside add none. */
export function GutterFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ p: GUTTER }}>
      <InsideFrame.Provider value>{children}</InsideFrame.Provider>
    </Box>
  );
}

/**
 * A screen, labelled by its heading. Inside the panel's shell the shell's gutter applies; standing
 * alone (an element on a host page) it brings the same gutter itself, so every screen sits alike.
 */
export function Screen({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const framed = useContext(InsideFrame);
  return (
    <Box component="section" aria-labelledby={labelledBy} sx={{ color: 'text.primary', ...(framed ? {} : { p: GUTTER }) }}>
      {children}
    </Box>
  );
}
