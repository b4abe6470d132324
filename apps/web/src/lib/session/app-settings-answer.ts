import { appSettingsDataSchema, type AppSettingEntry } from '@kopi/contract';

/** The app settings of a `GET /app/settings` answer, or null when it is not one. */
export function parseAppSettings(data: unknown): AppSettingEntry[] | null {
  const parsed = appSettingsDataSchema.safeParse(data);
  return parsed.success ? parsed.data.status : null;
}
