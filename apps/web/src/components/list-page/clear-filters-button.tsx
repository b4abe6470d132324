import Button from '@mui/material/Button';

/** The filter bar's "Clear filters", shown only while something narrows the list. */
export function ClearFiltersButton({
  filtering,
  label,
  onClick,
}: {
  filtering: boolean;
  label: string;
  onClick: () => void;
}) {
  if (!filtering) return null;
  return (
    <Button size="small" color="inherit" onClick={onClick}>
      {label}
    </Button>
  );
}
