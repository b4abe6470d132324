import { defineFeatureStrings } from '../lib/i18n/feature-strings';

// Strings of the headline figure cards (KpiCard), apart from the component so the string
// tables load without MUI.
export const useKpiStrings = defineFeatureStrings('kpi', {
  en: {
    new: 'New',
    newHint: 'Nothing in the compared period',
    up: 'Up {{value}}',
    down: 'Down {{value}}',
    flat: 'No change',
  },
  my: {
    new: 'Baharu',
    newHint: 'Tiada dalam tempoh yang dibandingkan',
    up: 'Naik {{value}}',
    down: 'Turun {{value}}',
    flat: 'Tiada perubahan',
  },
});
