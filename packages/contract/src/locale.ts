import { z } from 'zod';

// SPEC §1: English (en, default and fallback) and Melayu (my).
export const locales = ['en', 'my'] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;
export const defaultLocale: Locale = 'en';
