import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http/http-client';
import { getZReport, orderKeys } from '../api';
import { useOrderStrings } from '../i18n';
import type { OutletChoice } from '../../../lib/outlet-scope';
import { PaperDialog } from './paper-dialog';
import { DayFields, useDayChoice, type DayChoice } from './day-fields';
import { ZReportView } from './z-report-view';

/** "Z-report": the report kept when an outlet closed a business day, looked up and printable. */
export function ZReportDialog({
  open,
  onClose,
  outlets,
  choosable,
}: {
  open: boolean;
  onClose: () => void;
  outlets: OutletChoice[];
  choosable: boolean;
}) {
  const { t } = useOrderStrings();
  const day = useDayChoice(outlets);
  const [asked, setAsked] = useState<DayChoice | null>(null);
  const report = useQuery({
    queryKey: orderKeys.zReport(asked?.outletId ?? '', asked?.date ?? ''),
    queryFn: () => getZReport(asked!.outletId, asked!.date),
    enabled: Boolean(asked),
    retry: false,
  });
  const notFound = report.error instanceof HttpError && report.error.status === 404;

  const close = () => {
    onClose();
    setAsked(null);
    day.reset();
  };

  return (
    <PaperDialog
      open={open}
      onClose={close}
      titleId="z-report-title"
      testId="z-report-dialog"
      title={t('zReport.title')}
      fullWidth
      closeLabel={t('day.close')}
      printLabel={t('day.print')}
      printable={Boolean(asked && report.data)}
    >
      <Stack
        spacing={2}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (day.outletId && day.date) setAsked({ outletId: day.outletId, date: day.date });
        }}
      >
        {outlets.length === 0 ? (
          <Alert severity="warning">{t('day.noOutlets')}</Alert>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'end' }}>
            <DayFields
              outlets={outlets}
              choosable={choosable}
              outletId={day.outletId}
              date={day.date}
              onOutletChange={day.setOutletId}
              onDateChange={day.setDate}
              testIdPrefix="z-report"
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={!day.outletId || !day.date}
              loading={Boolean(asked) && report.isFetching}
              data-testid="z-report-show"
              sx={{ flexShrink: 0, mb: 0.5 }}
            >
              {t('zReport.show')}
            </Button>
          </Stack>
        )}
        {asked && notFound && (
          <Alert severity="info" data-testid="z-report-missing">
            {t('zReport.notFound')}
          </Alert>
        )}
        {asked && report.error && !notFound && (
          <Alert severity="error">{(report.error as Error).message}</Alert>
        )}
        {asked && report.data && <ZReportView report={report.data} />}
      </Stack>
    </PaperDialog>
  );
}
