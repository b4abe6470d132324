import { defineFeatureStrings } from '../../lib/i18n/feature-strings';

// Strings of the date field, apart from the component so the string tables load without MUI.
export const useDateFieldStrings = defineFeatureStrings('dateField', {
  en: { pickDate: 'Open the calendar ({{label}})' },
  my: { pickDate: 'Buka kalendar ({{label}})' },
});
