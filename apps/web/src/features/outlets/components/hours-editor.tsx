import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Fragment } from 'react';
import { ClockField } from '../../../components/clock-field';
import { displayDays, pastMidnight, type Range, type Week, type WeekProblems } from '../hours';
import { useOutletStrings } from '../i18n';

type DayKey = `${0 | 1 | 2 | 3 | 4 | 5 | 6}`;

/** The weekly hours of one outlet: several ranges a day, past midnight allowed. Controlled. */
export function HoursEditor({
  week,
  problems,
  disabled,
  onChange,
}: {
  week: Week;
  problems: WeekProblems;
  disabled?: boolean;
  onChange: (week: Week) => void;
}) {
  const { t } = useOutletStrings();
  const dayName = (day: number) => t(`time.days.${String(day) as DayKey}`);

  const setDay = (day: number, ranges: Range[]) =>
    onChange(week.map((current, d) => (d === day ? ranges : current)));
  const setRange = (day: number, index: number, patch: Partial<Range>) =>
    setDay(
      day,
      (week[day] ?? []).map((r, i) => (i === index ? { ...r, ...patch } : r)),
    );
  const addRange = (day: number) => {
    const ranges = week[day] ?? [];
    const last = ranges[ranges.length - 1];
    // A sensible start: after the last range, else a usual kopitiam day.
    const next = last ? { open: last.close, close: '22:00' } : { open: '08:00', close: '22:00' };
    setDay(day, [...ranges, next]);
  };

  return (
    <Stack divider={<Divider flexItem />} data-testid="hours-editor">
      {displayDays.map((day) => {
        const ranges = week[day] ?? [];
        const name = dayName(day);
        return (
          <Stack
            key={day}
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ py: 1.5, alignItems: { md: 'flex-start' } }}
            data-testid={`hours-day-${day}`}
            role="group"
            aria-label={name}
          >
            <Box sx={{ width: { md: 130 }, pt: { md: 1 }, flexShrink: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            </Box>
            <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
              {ranges.length === 0 && (
                <Box sx={{ pt: { md: 0.75 } }}>
                  <Chip size="small" label={t('time.closedDay')} data-testid="day-closed" />
                </Box>
              )}
              {ranges.map((range, index) => {
                const problem = problems.get(`${day}.${index}`);
                const n = index + 1;
                // One end of the range: when the outlet opens, or closes.
                const end = (edge: 'open' | 'close') => (
                  <ClockField
                    label={t(`time.${edge}`)}
                    ariaLabel={t(`time.${edge}At`, { day: name, n })}
                    value={range[edge]}
                    disabled={disabled}
                    error={Boolean(problem)}
                    onChange={(at) => setRange(day, index, { [edge]: at })}
                  />
                );
                return (
                  <Fragment key={index}>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                      data-testid="hours-range"
                      data-problem={problem ?? ''}
                    >
                      {end('open')}
                      <Typography aria-hidden="true">–</Typography>
                      {end('close')}
                      <Tooltip title={t('time.removeRange', { day: name, n })}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('time.removeRange', { day: name, n })}
                            disabled={disabled}
                            onClick={() =>
                              setDay(
                                day,
                                ranges.filter((_, i) => i !== index),
                              )
                            }
                          >
                            <Close fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      {pastMidnight(range) && (
                        <Chip
                          size="small"
                          color="info"
                          variant="outlined"
                          label={t('time.nextDay')}
                        />
                      )}
                    </Stack>
                    {problem && (
                      <Typography
                        variant="caption"
                        color="error"
                        role="alert"
                        data-testid="hours-problem"
                        sx={{ mt: '-4px !important' }}
                      >
                        {t(`time.problems.${problem}`)}
                      </Typography>
                    )}
                  </Fragment>
                );
              })}
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
              <Button
                size="small"
                startIcon={<Add />}
                disabled={disabled}
                onClick={() => addRange(day)}
                aria-label={t('time.addRangeTo', { day: name })}
              >
                {t('time.addRange')}
              </Button>
              <Tooltip title={t('time.copyToAllFrom', { day: name })}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('time.copyToAllFrom', { day: name })}
                    disabled={disabled}
                    onClick={() => onChange(week.map(() => ranges.map((r) => ({ ...r }))))}
                  >
                    <ContentCopy fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
