import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useVoucherUsageStrings } from '../i18n';

/** CSV and XLSX buttons: one download at a time, none while the view cannot be exported. */
export function ExportButtons({
  onExport,
  disabled,
  testId,
}: {
  onExport: (format: 'csv' | 'xlsx') => Promise<unknown>;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useVoucherUsageStrings();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const run = (format: 'csv' | 'xlsx') => {
    setExporting(format);
    void onExport(format)
      .catch(() => undefined)
      .finally(() => setExporting(null));
  };
  return (
    <Stack direction="row" spacing={1}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => run(format)}
          disabled={disabled || exporting !== null}
          data-testid={`${testId}-${format}`}
        >
          {t(format === 'csv' ? 'actions.exportCsv' : 'actions.exportXlsx')}
        </Button>
      ))}
    </Stack>
  );
}
