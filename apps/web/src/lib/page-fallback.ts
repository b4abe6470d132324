import { createContext, type ReactNode } from 'react';

/**
 * What a page shows while its code loads. The sign-in pages keep the thin progress bar (null
 * here); the navigation frame gives its pages a skeleton of a page, so a slow link shows the
 * shape of what is coming instead of a blank area.
 */
export const PageFallbackContext = createContext<ReactNode>(null);
