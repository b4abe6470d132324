import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n/i18n';
import { AuditRecord } from './audit-record';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const id = '0f3c2a9e-5b1d-4c7e-9a2f-3d4e5f607182';

describe('audit record', () => {
  it('names the record as staff call it, with its id in the tooltip', () => {
    render(<AuditRecord entry={{ entity: 'order', entity_id: id, entity_label: 'KL01-0140' }} />);
    const cell = screen.getByTestId('audit-record');
    expect(cell).toHaveTextContent('Order KL01-0140');
    expect(cell).toHaveAttribute('title', id);
  });

  it('shows a shortened id for a record without a name, and nothing for none', () => {
    const { unmount } = render(
      <AuditRecord entry={{ entity: 'session', entity_id: id, entity_label: null }} />,
    );
    expect(screen.getByTestId('audit-record')).toHaveTextContent('Session 0f3c2a9e…');
    unmount();
    render(<AuditRecord entry={{ entity: 'tenant', entity_id: null, entity_label: null }} />);
    expect(screen.getByTestId('audit-record')).toHaveTextContent(/^Tenant$/);
  });

  it('names the server’s numbered till in the screen’s language, in a till’s and a shift’s label', async () => {
    await i18n.changeLanguage('my');
    const { unmount } = render(
      <AuditRecord
        entry={{ entity: 'shift', entity_id: id, entity_label: 'Till 1 · Aminah · 2026/06/10' }}
      />,
    );
    expect(screen.getByTestId('audit-record')).toHaveTextContent(
      'Syif Kaunter 1 · Aminah · 2026/06/10',
    );
    unmount();
    render(
      <AuditRecord entry={{ entity: 'till', entity_id: id, entity_label: 'Drive-through' }} />,
    );
    expect(screen.getByTestId('audit-record')).toHaveTextContent('Kaunter Drive-through');
  });
});
