import type { ComponentProps, ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../page-header';
import { AddButton } from './add-button';

/**
 * The frame of a list page: its heading and subtitle, the "Add …" button (when the user may add;
 * `add` false or absent otherwise) after any other `actions`, and the page's content below.
 */
export function ListPage({
  title,
  subtitle,
  actions,
  add,
  children,
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  add?: ComponentProps<typeof AddButton> | false;
  children: ReactNode;
}) {
  return (
    <Stack spacing={3}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          (actions || add) && (
            <>
              {actions}
              {add && <AddButton {...add} />}
            </>
          )
        }
      />
      {children}
    </Stack>
  );
}
