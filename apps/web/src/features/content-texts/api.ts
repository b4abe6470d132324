import type {
  ContentText,
  ContentTextDefault,
  ContentTextDefaultCreate,
  ContentTextDefaultInput,
  ContentTextDefaultListQuery,
  ContentTextHistoryEntry,
  ContentTextListQuery,
  ContentTextOverrideInput,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { fetchPage, useInvalidate, usePagedQuery } from '../../lib/http/paged-list';

// The customer app's texts: a tenant's wording (/api/content-texts, subject content-text) and
// the platform's (/api/general-settings/content-texts, subject general-setting). A key names a text.

/** Which side a page edits: the tenant's own wording, or the platform's default wording. */
export type TextSide = 'tenant' | 'platform';

const base = { tenant: '/content-texts', platform: '/general-settings/content-texts' } as const;
const path = (side: TextSide, key: string) => `${base[side]}/${encodeURIComponent(key)}`;

export const contentTextKeys = {
  all: (side: TextSide) => ['content-texts', side] as const,
  list: (side: TextSide, query: object) => [...contentTextKeys.all(side), 'list', query] as const,
  history: (side: TextSide, key: string, page: number) =>
    [...contentTextKeys.all(side), 'history', key, page] as const,
};

export const listContentTexts = (query: ContentTextListQuery) =>
  fetchPage<ContentText>(base.tenant, query);
export const saveContentText = (key: string, body: ContentTextOverrideInput) =>
  http.put<ContentText>(path('tenant', key), body);
export const resetContentText = (key: string) =>
  http.post<ContentText>(`${path('tenant', key)}/reset`, {});

export const listDefaultTexts = (query: ContentTextDefaultListQuery) =>
  fetchPage<ContentTextDefault>(base.platform, query);
export const createDefaultText = (body: ContentTextDefaultCreate) =>
  http.post<ContentTextDefault>(base.platform, body);
export const updateDefaultText = (key: string, body: ContentTextDefaultInput) =>
  http.put<ContentTextDefault>(path('platform', key), body);

export const listTextHistory = (side: TextSide, key: string, page: number) =>
  fetchPage<ContentTextHistoryEntry>(`${path(side, key)}/history`, { page, page_size: 10 });

export const useContentTexts = (query: ContentTextListQuery) =>
  usePagedQuery(contentTextKeys.list('tenant', query), () => listContentTexts(query));

export const useDefaultTexts = (query: ContentTextDefaultListQuery) =>
  usePagedQuery(contentTextKeys.list('platform', query), () => listDefaultTexts(query));

export const useTextHistory = (side: TextSide, key: string, page: number) =>
  usePagedQuery(contentTextKeys.history(side, key, page), () => listTextHistory(side, key, page));

/** Refreshes a side's lists and histories after a change. */
export const useInvalidateTexts = (side: TextSide) => useInvalidate(contentTextKeys.all(side));
