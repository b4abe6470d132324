import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadOutlined from '@mui/icons-material/FileUploadOutlined';
import type { BannerImage } from '@kopi/contract';
import { checkImageFile, IMAGE_ACCEPT } from '../../../lib/image-files';
import { toast } from '../../../lib/toasts';
import { useBannerStrings } from '../i18n';
import { useFilePicker } from '../../../components/file-picker';

/** The stored size closest to `width` px wide (the widest when none is as wide). */
export function sizeFor(image: BannerImage, width: number) {
  const wide = image.sizes.filter((s) => s.width >= width);
  return wide[wide.length - 1] ?? image.sizes[0]!;
}

/**
 * The banner's picture in its 2:1 frame, and the button choosing a new one (checked here by
 * content and size; the server checks again and crops). The chosen file is uploaded on save.
 */
export function PictureField({
  current,
  file,
  onFile,
  name,
  disabled,
}: {
  current: BannerImage | null;
  file: File | null;
  onFile: (file: File) => void;
  name: string;
  /** Without permission to upload (a role that may create but not update banners). */
  disabled: boolean;
}) {
  const { t } = useBannerStrings();
  const chosen = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);
  const shown = chosen ?? (current ? sizeFor(current, 800).webp : null);

  const pick = async (picked: File) => {
    const problem = await checkImageFile(picked);
    if (problem === 'wrong_type')
      return void toast.error(t('form.wrongType', { name: picked.name }));
    if (problem === 'too_large') return void toast.error(t('form.tooLarge', { name: picked.name }));
    onFile(picked);
  };
  const picker = useFilePicker({
    accept: IMAGE_ACCEPT,
    label: t('form.choosePicture'),
    testId: 'banner-picture-input',
    onFile: (picked) => void pick(picked),
  });

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="p">
        {t('form.picture')}
      </Typography>
      <Box
        data-testid="banner-picture-preview"
        sx={{
          aspectRatio: '2 / 1',
          width: '100%',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          color: 'text.secondary',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={t('form.pictureAlt', { name })}
            // The server crops to 2:1 around the centre; the frame shows that crop already.
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center' }} spacing={0.5}>
            <ImageOutlined aria-hidden />
            <Typography variant="body2">{t('form.noPicture')}</Typography>
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<UploadOutlined />}
          disabled={disabled}
          onClick={picker.open}
        >
          {shown ? t('form.replacePicture') : t('form.choosePicture')}
        </Button>
        {picker.input}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {disabled ? t('form.pictureNeedsUpdate') : t('form.pictureHint')}
      </Typography>
    </Stack>
  );
}
