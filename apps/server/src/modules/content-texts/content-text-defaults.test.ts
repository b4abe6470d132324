import { contentTextDefaultSchema, contentTextHistoryEntrySchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformContentTexts } from '../../db/seed-content-texts';
import { detailPaths, expectCode, expectInvalid } from '../../test/expect-code';
import { latestAudit } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// The platform's texts (/api/general-settings/content-texts, subject general-setting): the superadmin
// adds texts the app asks for and words them; a tenant that has not overridden a language sees
// a change at once. Changes are platform audit entries, shown as each text's history.

const { t, api, as } = useTestApp({
  signIn: ['superadmin', 'admin', 'marketing'],
  api: 'superadmin',
});
const { admin, marketing } = as;

let demoId: string;
beforeAll(async () => {
  demoId = await demoTenantId(t);
});

const seeded = (key: string) => platformContentTexts.find((c) => c.key === key)!;
const body = (key: string) => {
  const { en, my, description, format } = seeded(key);
  return { description, format, text_en: en, text_my: my };
};

describe('GET /api/general-settings/content-texts', () => {
  it('lists the seeded texts with how many tenants override each, for the superadmin only', async () => {
    const res = await api.get('/api/general-settings/content-texts?page_size=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.map((r: unknown) => contentTextDefaultSchema.strict().parse(r));
    expect(rows).toHaveLength(platformContentTexts.length);
    const notice = rows.find((r: { key: string }) => r.key === 'order_notice');
    expect(notice).toMatchObject({
      format: 'plain',
      text_en: seeded('order_notice').en,
      override_count: 1,
    });
    // Each text says what it is for in Malay too.
    expect(rows.find((r: { key: string }) => r.key === 'terms')).toMatchObject({
      description: 'Terms of use: shown at sign-up and under Profile › Terms',
      description_my: 'Terma penggunaan: dipaparkan semasa mendaftar dan di bawah Profil › Terma',
    });
    const markdown = await api.get('/api/general-settings/content-texts?format=markdown&q=terms');
    expect(markdown.json().data.map((r: { key: string }) => r.key)).toEqual([
      'referral_terms',
      'terms',
      'wallet_terms',
    ]);
    expectCode(
      await api.get('/api/general-settings/content-texts', anonymous),
      401,
      'unauthorized',
    );
    expectCode(await api.get('/api/general-settings/content-texts', admin), 403, 'forbidden');
    expectCode(
      await api.get('/api/general-settings/content-texts/terms', marketing),
      403,
      'forbidden',
    );
    expectCode(await api.get('/api/general-settings/content-texts/nope'), 404, 'not_found');
    expectCode(await api.get('/api/general-settings/content-texts/nope/history'), 404, 'not_found');
  });
});

describe('POST /api/general-settings/content-texts', () => {
  const newText = {
    key: 'birthday_greeting',
    description: 'Birthday treat screen',
    format: 'plain',
    text_en: 'Happy birthday! Your treat is on us today.',
    text_my: 'Selamat hari jadi! Hidangan anda hari ini percuma.',
  };

  it('adds a text every tenant then has, audited as a platform entry', async () => {
    const res = await api.post('/api/general-settings/content-texts', newText);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ ...newText, description_my: '', override_count: 0 });
    const entry = await latestAudit(t, 'content_text_default.create');
    expect(entry).toMatchObject({
      tenantId: null,
      entity: 'content_text_default',
      entityId: 'birthday_greeting',
      actorUsername: 'superadmin',
      before: null,
    });
    const tenantView = await api.get('/api/content-texts/birthday_greeting', marketing);
    expect(tenantView.json().data).toMatchObject({ text_my: newText.text_my, overridden: false });
  });

  it('refuses a used key, a bad key, missing English and wording too long, with 400', async () => {
    expectCode(
      await api.post('/api/general-settings/content-texts', { ...newText, key: 'terms' }),
      400,
      'content_text_key_taken',
    );
    const bad = await api.post('/api/general-settings/content-texts', {
      ...newText,
      key: 'Bad Key!',
      text_en: ' ',
    });
    expectInvalid(bad, ['key', 'text_en']);
    const long = await api.post('/api/general-settings/content-texts', {
      ...newText,
      key: 'long_title',
      text_my: 'z'.repeat(2_001),
    });
    expectCode(long, 400, 'validation_failed');
    expect(long.json().details).toEqual([
      { path: 'text_my', message: 'validation.max_length?max=2000' },
    ]);
    expectCode(
      await api.post('/api/general-settings/content-texts', { ...newText, key: 'x_y' }, admin),
      403,
      'forbidden',
    );
  });
});

describe('PUT /api/general-settings/content-texts/{key}', () => {
  it("reaches tenants at once where they follow the platform, and keeps a tenant's own wording", async () => {
    // The demo tenant has its own English and Malay order notice; its pick-up line is the platform's.
    const pickup = { ...body('pickup_info'), text_my: 'Tunjukkan nombor pesanan di kaunter.' };
    const res = await api.put('/api/general-settings/content-texts/pickup_info', pickup);
    expect(res.statusCode, res.body).toBe(200);
    const view = await api.get('/api/content-texts/pickup_info', marketing);
    expect(view.json().data).toMatchObject({
      text_en: seeded('pickup_info').en,
      text_my: 'Tunjukkan nombor pesanan di kaunter.',
      overridden: false,
    });
    await api.put(
      '/api/content-texts/support_contact',
      { text_en: 'Call us', text_my: null },
      marketing,
    );
    await api.put('/api/general-settings/content-texts/support_contact', {
      ...body('support_contact'),
      text_en: 'Need help? Ask at the counter.',
      text_my: 'Perlukan bantuan? Tanya di kaunter.',
    });
    const mixed = (await api.get('/api/content-texts/support_contact', marketing)).json().data;
    expect(mixed).toMatchObject({
      text_en: 'Call us',
      text_my: 'Perlukan bantuan? Tanya di kaunter.',
      default_en: 'Need help? Ask at the counter.',
    });
    // A reset now gives the platform's new wording.
    const reset = await api.post('/api/content-texts/support_contact/reset', {}, marketing);
    expect(reset.json().data.text_en).toBe('Need help? Ask at the counter.');
  });

  it('records what changed and who, as a platform entry even from inside a tenant', async () => {
    await api.post(`/api/tenants/${demoId}/enter`, {});
    const inside = t.bearer((await t.login('superadmin')).token);
    const res = await api.put(
      '/api/general-settings/content-texts/outlet_closed',
      { ...body('outlet_closed'), format: 'markdown', description: 'Closed outlet notice' },
      inside,
    );
    expect(res.statusCode, res.body).toBe(200);
    const entry = await latestAudit(t, 'content_text_default.update');
    expect(entry).toMatchObject({
      tenantId: null,
      entityId: 'outlet_closed',
      before: { description: seeded('outlet_closed').description, format: 'plain' },
      after: { description: 'Closed outlet notice', format: 'markdown' },
    });
    await api.post('/api/tenants/leave', {}, inside);
    const history = await api.get('/api/general-settings/content-texts/outlet_closed/history');
    const [latest] = history
      .json()
      .data.map((h: unknown) => contentTextHistoryEntrySchema.parse(h));
    expect(latest).toMatchObject({
      action: 'update',
      actor: 'superadmin',
      changes: [
        {
          field: 'description',
          before: seeded('outlet_closed').description,
          after: 'Closed outlet notice',
        },
        { field: 'format', before: 'plain', after: 'markdown' },
      ],
    });
    // The same wording again: nothing changes, no entry.
    await api.put('/api/general-settings/content-texts/outlet_closed', {
      ...body('outlet_closed'),
      format: 'markdown',
      description: 'Closed outlet notice',
    });
    expect((await latestAudit(t, 'content_text_default.update'))!.id).toBe(entry!.id);
    // A tenant's history of the key holds the tenant's changes only.
    const theirs = await api.get('/api/content-texts/outlet_closed/history', marketing);
    expect(theirs.json().data).toEqual([]);
  });

  it('keeps the Malay description when a client leaves it out, and records its change', async () => {
    const path = '/api/general-settings/content-texts/delivery_info';
    const res = await api.put(path, { ...body('delivery_info'), description_my: 'Penghantaran' });
    expect(res.json().data.description_my).toBe('Penghantaran');
    expect(await latestAudit(t, 'content_text_default.update')).toMatchObject({
      entityId: 'delivery_info',
      before: {
        description_my: 'Penghantaran: dipaparkan apabila pelanggan memilih penghantaran',
      },
      after: { description_my: 'Penghantaran' },
    });
    const without = await api.put(path, { ...body('delivery_info'), text_my: 'Dihantar.' });
    expect(without.json().data).toMatchObject({
      text_my: 'Dihantar.',
      description_my: 'Penghantaran',
    });
    const tenantView = await api.get('/api/content-texts/delivery_info', marketing);
    expect(tenantView.json().data.description_my).toBe('Penghantaran');
  });

  it('answers 404 for an unknown key and 400 for bad wording', async () => {
    expectCode(
      await api.put('/api/general-settings/content-texts/nope', body('terms')),
      404,
      'not_found',
    );
    const empty = await api.put('/api/general-settings/content-texts/terms', {
      ...body('terms'),
      text_en: '',
    });
    expectCode(empty, 400, 'validation_failed');
    expect(detailPaths(empty)).toEqual(['text_en']);
    expectCode(
      await api.put('/api/general-settings/content-texts/terms', {
        ...body('terms'),
        format: 'html',
      }),
      400,
      'validation_failed',
    );
  });
});
