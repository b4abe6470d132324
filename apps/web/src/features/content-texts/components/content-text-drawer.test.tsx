import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentText } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { renderFormDrawer } from '../../../test/render-drawer';
import { ContentTextDrawer } from './content-text-drawer';

const terms: ContentText = {
  key: 'terms',
  description: 'Terms of use',
  description_my: 'Terma penggunaan',
  format: 'markdown',
  text_en: '# Terms of Use\n\nBe kind.',
  text_my: '# Terma Penggunaan\n\nBersikap baik.',
  default_en: '# Terms of Use\n\nBe kind.',
  default_my: '# Terma Penggunaan\n\nBersikap baik.',
  override_en: null,
  override_my: null,
  overridden: false,
  updated_at: null,
  updated_by: null,
};

function renderDrawer(text: ContentText = terms) {
  const shown = renderFormDrawer('content-text', (form) => (
    <ContentTextDrawer {...form} text={text} />
  ));
  return { ...shown, malay: shown.drawer.getByTestId('field-text_my') };
}

describe('content text drawer', { timeout: 30_000 }, () => {
  it('previews the Malay Markdown as it is typed, and saves both languages', async () => {
    const { drawer, malay, save, onSubmit } = renderDrawer();
    const preview = await drawer.findByTestId('preview-text_my');
    expect(within(preview).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Terma Penggunaan',
    );
    expect(
      within(drawer.getByTestId('wording-state-text_my')).getByText(
        "Same as the platform's wording",
      ),
    ).toBeInTheDocument();
    fireEvent.change(malay, {
      target: { value: '## Terma Kopi Demo\n\n- **Pesan** awal\n- Bayar di kaunter' },
    });
    await waitFor(() =>
      expect(within(preview).getByRole('heading', { level: 2 })).toHaveTextContent(
        'Terma Kopi Demo',
      ),
    );
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    expect(within(preview).getByText('Pesan').tagName).toBe('STRONG');
    expect(drawer.getByText('Your own wording')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      {
        text_en: terms.text_en,
        text_my: '## Terma Kopi Demo\n\n- **Pesan** awal\n- Bayar di kaunter',
      },
    ]);
  });

  it('draws typed HTML and script links as text, never as markup', async () => {
    const { drawer, malay } = renderDrawer();
    fireEvent.change(malay, {
      target: {
        value:
          'Hai <img src=x onerror="alert(1)"> <script>alert(2)</script> [klik](javascript:alert(3))',
      },
    });
    const preview = await drawer.findByTestId('preview-text_my');
    await waitFor(() => expect(preview).toHaveTextContent('klik'));
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.querySelector('script')).toBeNull();
    const link = within(preview).getByText('klik').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it("puts the platform's wording back with one click, and refuses wording too long", async () => {
    const own: ContentText = {
      ...terms,
      text_my: 'Terma kami sendiri',
      override_my: 'Terma kami sendiri',
      overridden: true,
    };
    const { drawer, malay, save, onSubmit } = renderDrawer(own);
    expect(malay).toHaveValue('Terma kami sendiri');
    await userEvent.click(
      within(drawer.getByTestId('wording-state-text_my')).getByRole('button', {
        name: "Use the platform's wording",
      }),
    );
    expect(malay).toHaveValue(terms.default_my);
    fireEvent.change(malay, { target: { value: 'x'.repeat(20_001) } });
    await save();
    expect(await drawer.findByText('The maximum length is 20000')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a plain text without a preview, with its shorter limit', async () => {
    const title: ContentText = {
      ...terms,
      key: 'onboarding_1_title',
      format: 'plain',
      text_en: 'Order ahead',
      default_en: 'Order ahead',
      text_my: 'Pesan awal',
      default_my: 'Pesan awal',
    };
    const { drawer, malay, save, onSubmit } = renderDrawer(title);
    expect(drawer.queryByTestId('preview-text_my')).toBeNull();
    expect(drawer.getByText(/10 of 2000 characters/)).toBeInTheDocument();
    fireEvent.change(malay, { target: { value: 'y'.repeat(2_001) } });
    await save();
    expect(await drawer.findByText('The maximum length is 2000')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
