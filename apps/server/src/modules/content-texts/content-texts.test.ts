import { contentTextHistoryEntrySchema, contentTextSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentTextOverrides } from '../../db/schema/content-texts';
import { platformContentTexts } from '../../db/seed-content-texts';
import { otherTenant } from '../../test/catalogue-fixtures';
import { expectCode, expectInvalid } from '../../test/expect-code';
import { latestAudit, signedInUser } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { createContentTextService } from './content-texts.service';

// A tenant's texts for its customer app (/api/content-texts): the platform's wording with the
// tenant's own laid over it, language by language; setting and resetting it are audited and
// shown as the text's history. Keys are shared by every tenant, so isolation is shown by one
// tenant's wording of a key never reaching another tenant.

const { t, api, as } = useTestApp({
  signIn: ['marketing', 'cashier', 'superadmin'],
  api: 'marketing',
});
const { cashier, superadmin } = as;

let demoId: string;
let other: Awaited<ReturnType<typeof otherTenant>>;
beforeAll(async () => {
  demoId = await demoTenantId(t);
  other = await otherTenant(t, 'texts-other');
});

const seeded = (key: string) => platformContentTexts.find((c) => c.key === key)!;
const termsMy = `# Terma Penggunaan Kopi Demo\n\nSila baca **terma** ini dengan teliti.`;

const overrideRow = async (tenantId: string, key: string) =>
  (
    await t.database.db
      .select()
      .from(contentTextOverrides)
      .where(and(eq(contentTextOverrides.tenantId, tenantId), eq(contentTextOverrides.key, key)))
  )[0];

describe('GET /api/content-texts', () => {
  it("lists every platform text with the tenant's effective wording, for marketing", async () => {
    const res = await api.get('/api/content-texts?page_size=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.map((r: unknown) => contentTextSchema.strict().parse(r));
    expect(rows.map((r: { key: string }) => r.key)).toEqual(
      platformContentTexts.map((c) => c.key).sort(),
    );
    expect(res.json().meta).toEqual({
      page: 1,
      page_size: 100,
      total: platformContentTexts.length,
    });
    const terms = rows.find((r: { key: string }) => r.key === 'terms');
    expect(terms).toMatchObject({
      format: 'markdown',
      text_en: seeded('terms').en,
      text_my: seeded('terms').my,
      default_my: seeded('terms').my,
      override_en: null,
      override_my: null,
      overridden: false,
      updated_by: null,
    });
    // The demo tenant words its order notice its own way, in both languages.
    const notice = rows.find((r: { key: string }) => r.key === 'order_notice');
    expect(notice.overridden).toBe(true);
    expect(notice.text_my).toMatch(/^Istimewa hari Isnin/);
    expect(notice.default_my).toBe(seeded('order_notice').my);
  });

  it('searches keys and wording, filters overridden texts and pages', async () => {
    const terms = await api.get('/api/content-texts?q=TERMS&page_size=100');
    const keys = terms.json().data.map((r: { key: string }) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['referral_terms', 'terms', 'wallet_terms']));
    const malay = await api.get(`/api/content-texts?q=${encodeURIComponent('Kumpul mata')}`);
    expect(malay.json().data.map((r: { key: string }) => r.key)).toContain('onboarding_3_title');
    const own = await api.get('/api/content-texts?state=overridden&page_size=100');
    expect(own.json().data.map((r: { key: string }) => r.key)).toEqual([
      'onboarding_1_title',
      'order_notice',
    ]);
    const second = await api.get('/api/content-texts?page=2&page_size=5&sort=-key');
    expect(second.json().meta.total).toBe(platformContentTexts.length);
    expect(second.json().data).toHaveLength(5);
    expectCode(await api.get('/api/content-texts?sort=description'), 400, 'validation_failed');
    expectCode(await api.get('/api/content-texts?state=mine'), 400, 'validation_failed');
  });

  it('answers 401 without a token, 403 without the permission, 400 outside a tenant', async () => {
    expectCode(await api.get('/api/content-texts', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/content-texts', cashier), 403, 'forbidden');
    expectCode(await api.get('/api/content-texts/terms/history', cashier), 403, 'forbidden');
    expectCode(await api.get('/api/content-texts', superadmin), 400, 'tenant_required');
    // SPEC §2 gives the page to "read banner": a banner reader reads the texts, changes none.
    const reader = await signedInUser(t, {
      username: 'banner-reader',
      tenantId: demoId,
      permissions: ['read-banner'],
    });
    expect((await api.get('/api/content-texts/terms', reader)).statusCode).toBe(200);
    const body = { text_en: null, text_my: 'Baharu' };
    expectCode(await api.put('/api/content-texts/terms', body, reader), 403, 'forbidden');
    expectCode(await api.post('/api/content-texts/terms/reset', {}, reader), 403, 'forbidden');
    expectCode(await api.put('/api/content-texts/terms', body, anonymous), 401, 'unauthorized');
  });

  it('answers 404 for a key the platform does not have', async () => {
    expectCode(await api.get('/api/content-texts/no_such_text'), 404, 'not_found');
    const body = { text_en: 'X', text_my: null };
    expectCode(await api.put('/api/content-texts/no_such_text', body), 404, 'not_found');
    expectCode(await api.post('/api/content-texts/no_such_text/reset', {}), 404, 'not_found');
    expectCode(await api.get('/api/content-texts/no_such_text/history'), 404, 'not_found');
  });
});

describe('PUT /api/content-texts/{key} and POST …/reset', () => {
  it('saves the Malay terms as Markdown, audited, and shows it in the history with its author', async () => {
    const res = await api.put('/api/content-texts/terms', { text_en: null, text_my: termsMy });
    expect(res.statusCode, res.body).toBe(200);
    expect(contentTextSchema.strict().parse(res.json().data)).toMatchObject({
      text_en: seeded('terms').en,
      text_my: termsMy,
      override_en: null,
      override_my: termsMy,
      overridden: true,
      updated_by: 'marketing',
    });
    const entry = await latestAudit(t, 'content_text.override');
    expect(entry).toMatchObject({
      tenantId: demoId,
      entity: 'content_text',
      entityId: 'terms',
      actorUsername: 'marketing',
      before: { text_my: seeded('terms').my },
      after: { text_my: termsMy },
    });
    const history = await api.get('/api/content-texts/terms/history');
    expect(history.statusCode, history.body).toBe(200);
    const [latest] = history
      .json()
      .data.map((h: unknown) => contentTextHistoryEntrySchema.parse(h));
    expect(latest).toMatchObject({
      action: 'override',
      actor: 'marketing',
      changes: [{ field: 'text_my', before: seeded('terms').my, after: termsMy }],
    });
    // Saving the same wording again changes nothing and writes no entry.
    await api.put('/api/content-texts/terms', { text_en: '', text_my: termsMy });
    expect((await latestAudit(t, 'content_text.override'))!.id).toBe(entry!.id);
  });

  it("keeps another tenant's wording apart: B neither sees nor resets A's override", async () => {
    await api.put('/api/content-texts/delivery_info', { text_en: 'A only', text_my: null });
    const theirs = await api.get('/api/content-texts/delivery_info', other.headers);
    expect(theirs.json().data).toMatchObject({
      text_en: seeded('delivery_info').en,
      overridden: false,
      override_en: null,
    });
    const list = await api.get('/api/content-texts?state=overridden', other.headers);
    expect(list.json().meta.total).toBe(0);
    expect(
      (await api.get('/api/content-texts/delivery_info/history', other.headers)).json().data,
    ).toEqual([]);
    // B's reset finds nothing of its own to delete; A's wording stays.
    const reset = await api.post('/api/content-texts/delivery_info/reset', {}, other.headers);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await overrideRow(demoId, 'delivery_info'))?.textEn).toBe('A only');
    // B's own wording is B's alone, and does not show in A's history.
    await api.put(
      '/api/content-texts/delivery_info',
      { text_en: 'B only', text_my: null },
      other.headers,
    );
    expect((await api.get('/api/content-texts/delivery_info')).json().data.text_en).toBe('A only');
    const ours = (await api.get('/api/content-texts/delivery_info/history')).json().data;
    expect(ours.map((h: { changes: { after: string }[] }) => h.changes[0]!.after)).toEqual([
      'A only',
    ]);
    await api.post('/api/content-texts/delivery_info/reset', {});
  });

  it('refuses wording too long for its format, and bad bodies, with 400 details', async () => {
    const long = await api.put('/api/content-texts/terms', {
      text_en: null,
      text_my: 'x'.repeat(20_001),
    });
    expectCode(long, 400, 'validation_failed');
    expect(long.json().details).toEqual([
      { path: 'text_my', message: 'validation.max_length?max=20000' },
    ]);
    // A plain text (a title) is at most 2,000 characters.
    const title = await api.put('/api/content-texts/onboarding_2_title', {
      text_en: 'y'.repeat(2_001),
      text_my: null,
    });
    expectCode(title, 400, 'validation_failed');
    expect(title.json().details).toEqual([
      { path: 'text_en', message: 'validation.max_length?max=2000' },
    ]);
    const wrong = await api.put('/api/content-texts/terms', { text_en: 42 });
    expectInvalid(wrong, ['text_en', 'text_my']);
    expect(await overrideRow(demoId, 'onboarding_2_title')).toBeUndefined();
  });

  it('resets to the platform wording, answering it, audited with what it undid', async () => {
    await api.put('/api/content-texts/pickup_info', {
      text_en: 'Ring the bell',
      text_my: 'Tekan loceng',
    });
    const res = await api.post('/api/content-texts/pickup_info/reset', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      text_en: seeded('pickup_info').en,
      text_my: seeded('pickup_info').my,
      overridden: false,
      override_en: null,
      override_my: null,
    });
    expect(await overrideRow(demoId, 'pickup_info')).toBeUndefined();
    expect(await latestAudit(t, 'content_text.reset')).toMatchObject({
      entityId: 'pickup_info',
      before: { text_en: 'Ring the bell', text_my: 'Tekan loceng' },
      after: { text_en: seeded('pickup_info').en, text_my: seeded('pickup_info').my },
    });
    const history = (await api.get('/api/content-texts/pickup_info/history')).json();
    expect(history.data.map((h: { action: string }) => h.action)).toEqual(['reset', 'override']);
    expect(history.meta.total).toBe(2);
    // Nothing left to reset: the same answer, no entry.
    const again = await api.post('/api/content-texts/pickup_info/reset', {});
    expect(again.json().data.overridden).toBe(false);
    expect((await api.get('/api/content-texts/pickup_info/history')).json().meta.total).toBe(2);
  });

  it("follows the platform where the wording is the platform's: saving it back is a reset", async () => {
    await api.put('/api/content-texts/outlet_closed', { text_en: 'Closed!', text_my: null });
    const res = await api.put('/api/content-texts/outlet_closed', {
      text_en: seeded('outlet_closed').en,
      text_my: seeded('outlet_closed').my,
    });
    expect(res.json().data.overridden).toBe(false);
    expect(await overrideRow(demoId, 'outlet_closed')).toBeUndefined();
    expect((await latestAudit(t, 'content_text.reset'))!.entityId).toBe('outlet_closed');
  });
});

describe('effectiveTexts (the customer app)', () => {
  it("gives one language, the tenant's wording first; empty Malay falls back to English", async () => {
    const created = await api.post(
      '/api/general-settings/content-texts',
      {
        key: 'app_rating_prompt',
        description: 'Rating prompt',
        format: 'plain',
        text_en: 'Enjoying your kopi?',
        text_my: '',
      },
      superadmin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const texts = createContentTextService({ db: t.database.db });
    const my = await texts.effectiveTexts(demoId, 'my');
    const byKey = new Map(my.map((x) => [x.key, x]));
    expect(byKey.get('app_rating_prompt')).toEqual({
      key: 'app_rating_prompt',
      format: 'plain',
      text: 'Enjoying your kopi?',
    });
    expect(byKey.get('order_notice')!.text).toMatch(/^Istimewa hari Isnin/);
    expect(byKey.get('privacy')).toMatchObject({ format: 'markdown', text: seeded('privacy').my });
    const theirs = await texts.effectiveTexts(other.tenant.id, 'en');
    expect(theirs.find((x) => x.key === 'order_notice')!.text).toBe(seeded('order_notice').en);
    expect(my.map((x) => x.key)).toEqual([...my.map((x) => x.key)].sort());
  });
});
