import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { ReactNode } from 'react';

/** A feature's name in bold over its description in a caption (the first column of a feature list). */
export function FeatureNameCell({
  name,
  description,
  maxWidth,
  testId,
}: {
  name: string;
  description: ReactNode;
  maxWidth: number;
  testId: string;
}) {
  return (
    <Stack spacing={0.25} sx={{ maxWidth }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={testId}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {description}
      </Typography>
    </Stack>
  );
}

/** The padlock chip of a feature the platform locked. */
export function LockedChip({
  label,
  title,
  testId,
}: {
  label: string;
  title?: string;
  testId: string;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<LockOutlined fontSize="small" />}
      label={label}
      title={title}
      data-testid={testId}
    />
  );
}
