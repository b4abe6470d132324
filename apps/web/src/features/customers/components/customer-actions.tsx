import { useState } from 'react';
import Button from '@mui/material/Button';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Block from '@mui/icons-material/Block';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { CustomerDetails } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ExportButton } from '../../../components/list-page/export-button';
import { useCan } from '../../../lib/can-context';
import { toast } from '../../../lib/toasts';
import { blockCustomer, exportPersonalData, unblockCustomer } from '../api';
import { useCustomerStrings } from '../i18n';
import { AnonymiseDialog } from './anonymise-dialog';
import { CustomerEditDialog } from './customer-edit-dialog';
import { WalletAdjustDialog } from './wallet-adjust-dialog';

type Open = 'edit' | 'block' | 'adjust' | 'anonymise' | null;

/**
 * What the user may do with the customer: edit, block or unblock, export personal data and
 * anonymise (update-customer), adjust the wallet (adjust-wallet). An anonymised customer can no
 * longer change, so only the wallet stays adjustable.
 */
export function CustomerActions({
  customer,
  onChanged,
}: {
  customer: CustomerDetails;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useCustomerStrings();
  const can = useCan();
  const [open, setOpen] = useState<Open>(null);
  const [exporting, setExporting] = useState(false);
  const mayUpdate = can('update', 'customer') && !customer.anonymised;
  const mayAdjust = can('adjust', 'wallet');
  const blocked = customer.status === 'disabled';
  const close = () => setOpen(null);

  const toggleBlock = async () => {
    try {
      await (blocked ? unblockCustomer(customer.id) : blockCustomer(customer.id));
    } catch {
      return close(); // the client toasted why
    }
    toast.success(t(blocked ? 'actions.unblocked' : 'actions.blocked', { name: customer.name }));
    close();
    await onChanged();
  };

  const exportData = async () => {
    setExporting(true);
    try {
      await exportPersonalData(customer.id);
      toast.success(t('actions.exported'));
    } catch {
      // the client toasted why
    } finally {
      setExporting(false);
    }
  };

  if (!mayUpdate && !mayAdjust) return null;
  return (
    <>
      {mayUpdate && (
        <Button
          variant="outlined"
          startIcon={<EditOutlined />}
          onClick={() => setOpen('edit')}
          data-testid="customer-edit"
        >
          {t('actions.edit')}
        </Button>
      )}
      {mayAdjust && (
        <Button
          variant="contained"
          startIcon={<AccountBalanceWalletOutlined />}
          onClick={() => setOpen('adjust')}
          data-testid="customer-adjust-wallet"
        >
          {t('actions.adjust')}
        </Button>
      )}
      {mayUpdate && (
        <Button
          variant="outlined"
          color={blocked ? 'success' : 'warning'}
          startIcon={blocked ? <CheckCircleOutlined /> : <Block />}
          onClick={() => setOpen('block')}
          data-testid={blocked ? 'customer-unblock' : 'customer-block'}
        >
          {t(blocked ? 'actions.unblock' : 'actions.block')}
        </Button>
      )}
      {mayUpdate && (
        <ExportButton
          label={t('actions.exportData')}
          onClick={() => void exportData()}
          loading={exporting}
          testId="customer-export-data"
        />
      )}
      {mayUpdate && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverOutlined />}
          onClick={() => setOpen('anonymise')}
          data-testid="customer-anonymise"
        >
          {t('actions.anonymise')}
        </Button>
      )}
      {mayUpdate && (
        <CustomerEditDialog
          customer={customer}
          open={open === 'edit'}
          onClose={close}
          onSaved={onChanged}
        />
      )}
      {mayUpdate && (
        <ConfirmDialog
          open={open === 'block'}
          title={t(blocked ? 'actions.unblockTitle' : 'actions.blockTitle', {
            name: customer.name,
          })}
          message={t(blocked ? 'actions.unblockMessage' : 'actions.blockMessage')}
          confirmLabel={t(blocked ? 'actions.unblock' : 'actions.block')}
          confirmColor={blocked ? 'primary' : 'warning'}
          onConfirm={toggleBlock}
          onClose={close}
        />
      )}
      {mayUpdate && (
        <AnonymiseDialog
          customer={customer}
          open={open === 'anonymise'}
          onClose={close}
          onDone={onChanged}
        />
      )}
      {mayAdjust && (
        <WalletAdjustDialog
          customer={customer}
          open={open === 'adjust'}
          onClose={close}
          onDone={onChanged}
        />
      )}
    </>
  );
}
