import type { z } from 'zod';
import type { Routes } from './route-kit';

// A singleton's settings, written once: GET `url` reads them under `read-<subject>`, PUT `url`
// saves them under `update-<subject>`, and both answer the settings as saved. The two routes
// register where the call stands, GET first, each with its own summary.

type Schema = z.ZodType;

export interface SettingsRoutesSpec<C, B extends Schema, D extends Schema> {
  /** The settings as read and as answered after a save. */
  data: D;
  /** What a save is sent. */
  body: B;
  read: { summary: string; handler: (ctx: C) => Promise<z.input<D>> };
  update: { summary: string; handler: (ctx: C, body: z.output<B>) => Promise<z.input<D>> };
}

export function settingsRoutes<C, B extends Schema, D extends Schema>(
  route: Routes<C>,
  url: string,
  subject: string,
  { data, body, read, update }: SettingsRoutesSpec<C, B, D>,
) {
  route.get(url, {
    config: { permission: `read-${subject}` },
    summary: read.summary,
    data,
    handler: (ctx) => read.handler(ctx),
  });
  route.put(url, {
    config: { permission: `update-${subject}` },
    summary: update.summary,
    body,
    data,
    handler: (ctx, request) => update.handler(ctx, request.body as z.output<B>),
  });
}
