import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { outletOpenState, type Outlet, type OutletHours } from '@kopi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import {
  outletKeys,
  saveHours,
  useAllOutlets,
  useClosures,
  useInvalidateOutlets,
  useOutletHours,
  type Closure,
} from '../api';
import { ClosuresCard } from '../components/closures-card';
import { HoursEditor } from '../components/hours-editor';
import { OpenStateChip } from '../components/open-state-chip';
import { problemsFromServer, validateWeek, weekFromApi, weekToApi, type Week } from '../hours';
import { useOutletStrings } from '../i18n';
import { clockIn } from '../open-state';
import { RetryAlert } from '../../../components/retry-alert';

/** The current time, ticking every 30 s, so "open now" follows the clock. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "Open now / next opens at", from the saved hours with the contract's outletOpenState. */
function OpenNowCard({
  outlet,
  hours,
  closures,
}: {
  outlet: Outlet;
  hours: OutletHours;
  closures: Closure[];
}) {
  const { t, language } = useOutletStrings();
  const now = useNow();
  const state = outletOpenState(
    {
      timezone: outlet.timezone,
      hours: hours.hours,
      closures,
      last_order_minutes: hours.last_order_minutes,
    },
    now,
  );
  const lastOrder =
    state.closes_at && new Date(state.closes_at.getTime() - hours.last_order_minutes * 60_000);
  return (
    <Card component="section" aria-labelledby="open-now-title">
      <CardContent>
        <Typography variant="overline" color="text.secondary" id="open-now-title" component="h2">
          {t('time.stateTitle')}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 0.5 }}
          data-testid="time-open-state"
        >
          <Typography variant="h5" component="p">
            {outlet.name}
          </Typography>
          <OpenStateChip
            open={state.open}
            closesAt={state.closes_at}
            nextOpenAt={state.next_open_at}
            timezone={outlet.timezone}
            now={now}
          />
          {state.open && lastOrder && (
            <Typography color={state.accepting_orders ? 'text.secondary' : 'warning.main'}>
              {state.accepting_orders
                ? t('state.lastOrder', { time: clockIn(lastOrder, outlet.timezone, language) })
                : t('state.notTaking')}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function HoursCard({
  outlet,
  hours,
  mayUpdate,
}: {
  outlet: Outlet;
  hours: OutletHours;
  mayUpdate: boolean;
}) {
  const { t } = useOutletStrings();
  const client = useQueryClient();
  const invalidateOutlets = useInvalidateOutlets();
  const [week, setWeek] = useState<Week>(() => weekFromApi(hours.hours));
  const [lastOrder, setLastOrder] = useState(String(hours.last_order_minutes));
  const [serverProblems, setServerProblems] = useState(() => problemsFromServer([]));
  const [busy, setBusy] = useState(false);
  const problems = useMemo(() => {
    const local = validateWeek(week);
    for (const [key, problem] of serverProblems) if (!local.has(key)) local.set(key, problem);
    return local;
  }, [week, serverProblems]);
  const minutes = Number(lastOrder);
  const lastOrderValid =
    lastOrder !== '' && Number.isInteger(minutes) && minutes >= 0 && minutes <= 240;

  const save = async () => {
    if (problems.size > 0 || !lastOrderValid) {
      toast.error(t('time.fixProblems'));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveHours(outlet.id, {
        hours: weekToApi(week),
        last_order_minutes: minutes,
      });
      client.setQueryData(outletKeys.hours(outlet.id), saved);
      void invalidateOutlets();
      toast.success(t('time.saved'));
    } catch (error) {
      setServerProblems(problemsFromServer(serverFieldErrors(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard id="hours-title" title={t('time.hoursTitle')} subheader={t('time.hoursHint')}>
      <HoursEditor
        week={week}
        problems={problems}
        disabled={!mayUpdate || busy}
        onChange={(next) => {
          setWeek(next);
          setServerProblems(new Map());
        }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 3, alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <TextField
          type="number"
          label={t('time.lastOrder')}
          value={lastOrder}
          onChange={(e) => setLastOrder(e.target.value)}
          disabled={!mayUpdate || busy}
          error={!lastOrderValid}
          helperText={t('time.lastOrderHint')}
          slotProps={{ htmlInput: { min: 0, max: 240, step: 5, 'data-testid': 'last-order' } }}
          sx={{ maxWidth: 360 }}
        />
        {mayUpdate && (
          <Button
            variant="contained"
            onClick={() => void save()}
            loading={busy}
            data-testid="hours-save"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {t('time.save')}
          </Button>
        )}
      </Stack>
    </SectionCard>
  );
}

/** /outlet/time-management (read time-management): hours, last orders and closures per outlet. */
export function TimeManagementPage() {
  const { t, ts } = useOutletStrings();
  const can = useCan();
  const mayUpdate = can('update', 'time-management');
  const [params, setParams] = useSearchParams();
  const outlets = useAllOutlets();
  const list = outlets.data ?? [];
  const outletId = params.get('outlet') ?? list[0]?.id ?? null;
  const outlet = list.find((o) => o.id === outletId) ?? null;
  const hours = useOutletHours(outlet?.id ?? null);
  const closures = useClosures(outlet?.id ?? null);
  const client = useQueryClient();

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('time.title')}
        subtitle={t('time.subtitle')}
        actions={
          list.length > 0 && (
            <TextField
              select
              size="small"
              label={t('time.outlet')}
              value={outlet?.id ?? ''}
              onChange={(e) => setParams({ outlet: e.target.value }, { replace: true })}
              sx={{ minWidth: 220 }}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'time-outlet' } as object },
              }}
            >
              {list.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.code} · {o.name}
                </MenuItem>
              ))}
            </TextField>
          )
        }
      />
      {outlets.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : outlets.isError ? (
        <RetryAlert onRetry={() => void outlets.refetch()}>{ts('dataTable.error')}</RetryAlert>
      ) : !outlet ? (
        <Alert severity="info" data-testid="time-no-outlets">
          {t('time.noOutlets')}
        </Alert>
      ) : (
        <Grid container spacing={3}>
          <Grid size={12}>
            {hours.data && closures.data ? (
              <OpenNowCard outlet={outlet} hours={hours.data} closures={closures.data} />
            ) : (
              <Skeleton variant="rounded" height={88} />
            )}
          </Grid>
          <Grid size={{ xs: 12, xl: 7 }}>
            {hours.data ? (
              <HoursCard key={outlet.id} outlet={outlet} hours={hours.data} mayUpdate={mayUpdate} />
            ) : (
              <Skeleton variant="rounded" height={480} />
            )}
          </Grid>
          <Grid size={{ xs: 12, xl: 5 }}>
            <ClosuresCard
              key={outlet.id}
              outletId={outlet.id}
              timezone={outlet.timezone}
              closures={closures.data ?? []}
              mayUpdate={mayUpdate}
              // Closures change "open now" on the outlet list too.
              onChanged={() => client.invalidateQueries({ queryKey: outletKeys.all })}
            />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
