import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { AppBanner, AppLanguage, Outlet } from '@kopi/contract';
import { cardTitle } from '../../../components/card-title';
import { InstantInputs } from '../../../components/instant-field';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { RetryAlert } from '../../../components/retry-alert';
import { i18n } from '../../../lib/i18n/i18n';
import { useBannerPreview } from '../api';
import { useBannerStrings } from '../i18n';
import { sizeFor } from './picture-field';

/**
 * The customer app's home screen in a phone frame, with the banners the server serves it (GET
 * /api/banners/preview, the same function as the app's own config) at a chosen outlet, in English
 * or Malay, now or at a chosen moment (a scheduled banner's start): one banner at a time, with
 * arrows and dots to move between them.
 */
export function AppPreviewCard({
  outlets,
  timeZone,
}: {
  outlets: readonly Pick<Outlet, 'id' | 'name'>[];
  timeZone: string;
}) {
  const { t, language } = useBannerStrings();
  const [outletId, setOutletId] = useState('');
  // The screen's language first: a Malay screen previews the app in Malay.
  const [lang, setLang] = useState<AppLanguage>(language === 'my' ? 'my' : 'en');
  const [at, setAt] = useState<string | null>(null);
  const preview = useBannerPreview(outletId, lang, at);
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={t('preview.title')} subheader={t('preview.hint')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignSelf: 'stretch', flexWrap: 'wrap', rowGap: 1.5 }}
          >
            <FilterSelect
              label={t('preview.outlet')}
              value={outletId}
              onChange={setOutletId}
              anyLabel={t('preview.noOutlet')}
              options={outlets.map((o) => ({ value: o.id, label: o.name }))}
              minWidth={170}
              testId="banner-preview-outlet"
            />
            <ToggleButtonGroup
              size="small"
              exclusive
              value={lang}
              onChange={(_, next: AppLanguage | null) => next && setLang(next)}
              aria-label={t('preview.language')}
            >
              <ToggleButton value="en" data-testid="banner-preview-en">
                {t('preview.english')}
              </ToggleButton>
              <ToggleButton value="my" data-testid="banner-preview-my">
                {t('preview.malay')}
              </ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          <Box sx={{ alignSelf: 'stretch' }}>
            <InstantInputs
              value={at}
              onChange={setAt}
              timeZone={timeZone}
              dateLabel={t('preview.atDate')}
              timeLabel={t('preview.atTime')}
              optional
              testId="banner-preview-at"
              error={null}
              helperText={t('preview.atHint')}
            />
          </Box>
          {preview.isError ? (
            <RetryAlert onRetry={() => void preview.refetch()} sx={{ alignSelf: 'stretch' }}>
              {t('preview.error')}
            </RetryAlert>
          ) : (
            <PhoneFrame banners={preview.data} lang={lang} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The app's home screen: its greeting and the banner carousel, in the app's language. */
export function PhoneFrame({
  banners,
  lang,
}: {
  banners: readonly AppBanner[] | undefined;
  lang: AppLanguage;
}) {
  const { t } = useBannerStrings();
  // The app's own words follow the app's language, not the screen's.
  const app = (
    i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns: string) => (key: string) => string
  )(lang, 'banners');
  const [index, setIndex] = useState(0);
  const count = banners?.length ?? 0;
  const current = count > 0 ? Math.min(index, count - 1) : 0;
  const banner = banners?.[current];
  const language = lang === 'my' ? t('preview.malay') : t('preview.english');
  return (
    <Box
      role="region"
      aria-label={t('preview.phone', { language })}
      data-testid="banner-preview"
      sx={{
        width: '100%',
        maxWidth: 260,
        border: 8,
        borderColor: 'grey.900',
        borderRadius: 5,
        overflow: 'hidden',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ height: 14, bgcolor: 'grey.900' }} />
      <Stack spacing={1.5} sx={{ p: 1.5, minHeight: 300 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {app('phone.greeting')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {app('phone.whatsNew')}
        </Typography>
        {banners === undefined ? (
          <Skeleton variant="rounded" sx={{ aspectRatio: '2 / 1', height: 'auto' }} />
        ) : !banner ? (
          <Box
            sx={{
              aspectRatio: '2 / 1',
              borderRadius: 2,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              p: 1,
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('preview.empty')}
            </Typography>
          </Box>
        ) : (
          <Stack spacing={1}>
            <Box
              sx={{
                position: 'relative',
                borderRadius: 2,
                overflow: 'hidden',
                aspectRatio: '2 / 1',
              }}
              data-testid="banner-preview-slide"
            >
              <picture>
                <source type="image/webp" srcSet={sizeFor(banner.image, 400).webp} />
                <Box
                  component="img"
                  src={sizeFor(banner.image, 400).jpeg}
                  alt=""
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </picture>
              <Typography
                variant="body2"
                data-testid="banner-preview-title"
                sx={{
                  position: 'absolute',
                  insetInline: 0,
                  bottom: 0,
                  px: 1,
                  py: 0.5,
                  color: 'common.white',
                  fontWeight: 600,
                  background: 'linear-gradient(transparent, rgba(0,0,0,0.65))',
                }}
              >
                {banner.title}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center' }}>
              <IconButton
                size="small"
                aria-label={t('preview.previous')}
                disabled={current === 0}
                onClick={() => setIndex(current - 1)}
              >
                <ChevronLeft fontSize="small" />
              </IconButton>
              {banners.map((b, i) => (
                <Box
                  key={b.id}
                  component="button"
                  type="button"
                  aria-label={t('preview.slide', { n: i + 1, count })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                  sx={{
                    width: 8,
                    height: 8,
                    p: 0,
                    mx: 0.5,
                    border: 0,
                    borderRadius: '50%',
                    cursor: 'pointer',
                    bgcolor: i === current ? 'primary.main' : 'action.disabled',
                  }}
                />
              ))}
              <IconButton
                size="small"
                aria-label={t('preview.next')}
                disabled={current === count - 1}
                onClick={() => setIndex(current + 1)}
              >
                <ChevronRight fontSize="small" />
              </IconButton>
            </Stack>
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="banner-preview-target"
            >
              {t('preview.opens', { target: t(`target.${banner.target.type}`) })}
            </Typography>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
