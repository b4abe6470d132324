import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { checkImageFile, IMAGE_ACCEPT } from '../../../lib/image-files';
import { toast } from '../../../lib/toasts';
import { useProductStrings } from '../i18n';
import { SectionCard } from '../../../components/section-card';

export interface ImageTile {
  key: string;
  src: string;
  isMain: boolean;
  /** Chosen on the add form, uploaded once the product exists. */
  pending?: boolean;
}

/** Files that pass the client-side check (type by content, ≤ 2 MB); the rest are reported. */
export async function acceptedImages(
  files: readonly File[],
  report: (problem: 'wrong_type' | 'too_large', file: File) => void,
): Promise<File[]> {
  const ok: File[] = [];
  for (const file of files) {
    const problem = await checkImageFile(file);
    if (problem) report(problem, file);
    else ok.push(file);
  }
  return ok;
}

/** Product Image: several images, one main; add, set main, remove. */
export function ProductImages({
  name,
  images,
  busy,
  disabled,
  onAdd,
  onRemove,
  onSetMain,
}: {
  name: string;
  images: ImageTile[];
  busy: boolean;
  disabled?: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onSetMain: (key: string) => void;
}) {
  const { t } = useProductStrings();
  const input = useRef<HTMLInputElement>(null);

  const pick = async (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (input.current) input.current.value = '';
    const ok = await acceptedImages(files, (problem, file) =>
      toast.error(
        problem === 'wrong_type'
          ? t('form.wrongType', { name: file.name })
          : t('form.tooLarge', { name: file.name }),
      ),
    );
    if (ok.length > 0) onAdd(ok);
  };

  return (
    <SectionCard
      id="product-images-title"
      title={t('form.images')}
      subheader={t('form.imagesHint')}
    >
      {busy && (
        <Box sx={{ mb: 2 }} aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('form.uploadingImages')}
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {images.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('form.noImages')}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
            gap: 1.5,
            mb: 2,
          }}
          data-testid="product-images"
        >
          {images.map((image, index) => (
            <Box
              key={image.key}
              data-testid="product-image"
              data-main={image.isMain}
              sx={{
                position: 'relative',
                borderRadius: 1,
                overflow: 'hidden',
                border: 2,
                borderColor: image.isMain ? 'primary.main' : 'divider',
                aspectRatio: '1',
                bgcolor: 'action.hover',
              }}
            >
              <Box
                component="img"
                src={image.src}
                alt={t('form.imageAlt', { n: index + 1, name })}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {image.isMain && (
                <Chip
                  label={t('form.main')}
                  size="small"
                  color="primary"
                  sx={{ position: 'absolute', top: 6, left: 6 }}
                />
              )}
              <Stack
                direction="row"
                sx={{
                  position: 'absolute',
                  bottom: 0,
                  insetInline: 0,
                  justifyContent: 'space-between',
                  bgcolor: 'rgba(0,0,0,0.45)',
                }}
              >
                <Tooltip title={t('form.setMain')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('form.setMain')}
                      disabled={image.isMain || busy || disabled}
                      onClick={() => onSetMain(image.key)}
                      sx={{ color: '#fff', '&.Mui-disabled': { color: 'rgba(255,255,255,0.7)' } }}
                    >
                      {image.isMain ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('form.removeImage')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('form.removeImage')}
                      disabled={busy || disabled}
                      onClick={() => onRemove(image.key)}
                      sx={{ color: '#fff' }}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
              {image.pending && (
                <Typography
                  variant="caption"
                  sx={{
                    position: 'absolute',
                    top: 6,
                    right: 6,
                    px: 0.75,
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                  }}
                >
                  {t('form.pendingImage')}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      <Button
        variant="outlined"
        startIcon={<AddPhotoAlternateOutlined />}
        onClick={() => input.current?.click()}
        disabled={busy || disabled}
      >
        {t('form.addImages')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        aria-label={t('form.addImages')}
        data-testid="product-image-input"
        onChange={(e) => void pick(e.target.files)}
      />
    </SectionCard>
  );
}
