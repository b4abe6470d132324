import type {} from '@mui/material/styles';

// SPEC §9 display breakpoints (with the extra xxl) and layers.
declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface ZIndex {
    overlay: number;
  }
  interface Palette {
    /** Primary colour adjusted to read as text on the page background (WCAG AA). */
    primaryText: string;
  }
  interface PaletteOptions {
    primaryText?: string;
  }
}

export const breakpointValues = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 };

/** Navigation becomes an overlay below the medium breakpoint (960 px). */
export const overlayNavBreakpoint = 'md' as const;

export const zIndexes = {
  appBar: 1100,
  drawer: 1200,
  overlay: 2000,
  modal: 2400,
  snackbar: 2500,
  tooltip: 2600,
};

export const primaryPresets = [
  { id: 'sage', color: '#7A9E7E' },
  { id: 'forest', color: '#4F6F52' },
  { id: 'kopi', color: '#6F4E37' },
  { id: 'teh', color: '#B07D48' },
  { id: 'pandan', color: '#3C8D5A' },
  { id: 'sky', color: '#3A7CA5' },
] as const;
export type PrimaryPresetId = (typeof primaryPresets)[number]['id'];

export const navWidths = { expanded: 260, collapsed: 72 };
export const contentMaxWidth = 1440;
