import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from '../../lib/i18n/use-translation';
import { FormControlProvider } from '../form-binding';
import { CancelSaveButtons } from './cancel-save-buttons';

/**
 * A record's create or edit form in a side drawer, so the list stays in view: a title with a close
 * button, the form's fields in a grid, Cancel and Save at the bottom. `name` ("outlet") names the
 * drawer's test ids and element ids: `outlet-drawer`, `outlet-form`, `outlet-save`. Fields inside
 * bind to `control`'s form unless given their own.
 */
export function EntityDrawer<T extends FieldValues>({
  name,
  control,
  open,
  title,
  width,
  busy,
  onClose,
  onSubmit,
  children,
}: {
  name: string;
  control?: Control<T>;
  open: boolean;
  title: string;
  /** Width of the drawer from the sm breakpoint up (px); below it takes the whole screen. */
  width: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Grid items of the form. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${name}-drawer-title`;
  const formId = `${name}-form`;
  return (
    <Drawer
      anchor="right"
      open={open}
      // A save under way finishes (or fails) before the drawer may close.
      onClose={busy ? undefined : onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: width } } } }}
      data-testid={`${name}-drawer`}
    >
      <Stack sx={{ height: '100%' }} role="dialog" aria-labelledby={titleId}>
        <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2 }}>
          <Typography variant="h5" component="h2" id={titleId} sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <IconButton aria-label={t('common.close')} onClick={onClose} disabled={busy}>
            <Close />
          </IconButton>
        </Stack>
        <Divider />
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={onSubmit}
          sx={{ flexGrow: 1, overflowY: 'auto', px: 3, py: 3 }}
        >
          <Grid container spacing={2.5}>
            <FormControlProvider control={control}>{children}</FormControlProvider>
          </Grid>
        </Box>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ px: 3, py: 2, justifyContent: 'flex-end' }}>
          <CancelSaveButtons
            formId={formId}
            busy={busy}
            onCancel={onClose}
            saveTestId={`${name}-save`}
          />
        </Stack>
      </Stack>
    </Drawer>
  );
}
