import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table's rows as stacked "header: value" lines below 600 px: a wide table on a phone scrolled
 * sideways and cut off its buttons. The header row stays for screen readers, out of sight. Each
 * line's name is its cell's `data-label`, or the given column labels in order.
 */
export const phoneRows =
  (labels?: readonly string[]): SxProps<Theme> =>
  (theme) => ({
    [theme.breakpoints.down('sm')]: {
      '& thead': {
        display: 'block',
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      },
      '& table, & tbody, & tbody tr': { display: 'block', width: '100%' },
      '& tbody tr': { py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
      // The name floats left, the value (one or several lines) sits right after it.
      '& tbody td': {
        display: 'flow-root',
        border: 0,
        py: 0.5,
        px: 2,
        textAlign: 'end',
        overflowWrap: 'anywhere',
      },
      '& tbody td:empty': { display: 'none' },
      '& tbody td::before': {
        float: 'left',
        maxWidth: '45%',
        marginInlineEnd: theme.spacing(2),
        textAlign: 'start',
        fontWeight: 600,
        color: theme.palette.text.secondary,
      },
      '& tbody td[data-label]::before': { content: 'attr(data-label)' },
      ...Object.fromEntries(
        (labels ?? []).map((label, i) => [
          `& tbody td:nth-of-type(${i + 1})::before`,
          { content: JSON.stringify(label) },
        ]),
      ),
    },
  });
