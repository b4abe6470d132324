import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';

/** A titled card of a page or form: a section named by its h2 heading. */
export function SectionCard({
  id,
  title,
  subheader,
  action,
  children,
}: {
  /** Id of the heading ("product-info-title"). */
  id: string;
  title: string;
  subheader?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { component: 'h2', variant: 'h5', id } }}
        action={action}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
