import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { IMAGE_OR_PDF_ACCEPT } from '../../../lib/image-files';
import { useRefundStrings } from '../i18n';

/** The proof of transfer to send (an image or a PDF): a file button, the chosen name and what is wrong. */
export function ProofPicker({
  file,
  onChange,
  error,
  hint,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  hint?: string;
}) {
  const { t } = useRefundStrings();
  return (
    <Stack spacing={0.5} sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('actions.proof')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />}>
          {t('actions.chooseProof')}
          <input
            hidden
            type="file"
            accept={IMAGE_OR_PDF_ACCEPT}
            data-testid="refund-proof-input"
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
        </Button>
        {file && <Typography variant="body2">{file.name}</Typography>}
      </Stack>
      {(error || hint) && <FormHelperText error={Boolean(error)}>{error ?? hint}</FormHelperText>}
    </Stack>
  );
}
