import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defineFeatureStrings } from './feature-strings';
import { i18n } from './i18n';

const useStrings = defineFeatureStrings('featureStringsTest', {
  en: { title: 'Outlets', count_one: '{{count}} outlet', count_other: '{{count}} outlets' },
  my: { title: 'Cawangan', count_one: '{{count}} cawangan', count_other: '{{count}} cawangan' },
});

function Probe() {
  const { t, ts } = useStrings();
  return (
    <p>
      {t('title')} · {t('count', { count: 2 })} · {ts('common.save')}
    </p>
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('feature strings', () => {
  it('registers both languages under the feature namespace when the module loads', () => {
    expect(i18n.hasResourceBundle('en', 'featureStringsTest')).toBe(true);
    expect(i18n.hasResourceBundle('my', 'featureStringsTest')).toBe(true);
    // Not in the shell's namespace, so the sign-in bundle does not carry it.
    expect(i18n.exists('title')).toBe(false);
  });

  it('translates with plurals and follows the language', async () => {
    render(<Probe />);
    expect(screen.getByText('Outlets · 2 outlets · Save')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('my'));
    expect(screen.getByText(/^Cawangan · 2 cawangan/)).toBeInTheDocument();
  });
});
