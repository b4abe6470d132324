import { defineFeatureStrings } from '../../lib/i18n/feature-strings';
import { posEn } from './i18n-en';
import { posMy } from './i18n-my';

// Strings of the point of sale (/pos), one file a language.
export const usePosStrings = defineFeatureStrings('pos', { en: posEn, my: posMy });
