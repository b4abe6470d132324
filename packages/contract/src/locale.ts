import { z } from 'zod';
import { locales } from './locale-values';

export * from './locale-values';
export const localeSchema = z.enum(locales);
