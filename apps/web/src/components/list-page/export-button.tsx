import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';

/** A page's "Export …" button: downloads what the page shows (a CSV, a JSON document). */
export function ExportButton({
  label,
  onClick,
  testId,
  loading,
  disabled,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
