import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { contentTextDefaults } from './schema/content-texts';
import { seedAppContentBase } from './seed-app-content';

// The platform's texts are reference data, seeded at every start: a text stored before it had a
// Malay description gets the shipped one, unless the superadmin rewrote its description.

const { t } = useTestApp();

const descriptions = async (key: string) => {
  const [row] = await t.database.db
    .select({ en: contentTextDefaults.description, my: contentTextDefaults.descriptionMy })
    .from(contentTextDefaults)
    .where(eq(contentTextDefaults.key, key));
  return row;
};

describe('seeding the platform texts at start', () => {
  it('gives a stored text without a Malay description the shipped one, unless its English was rewritten', async () => {
    const { db } = t.database;
    const clear = (key: string, description?: string) =>
      db
        .update(contentTextDefaults)
        .set({ descriptionMy: '', ...(description ? { description } : {}) })
        .where(eq(contentTextDefaults.key, key));
    await clear('wallet_terms');
    await clear('support_contact', 'Our own help page');
    await seedAppContentBase(db);
    expect(await descriptions('wallet_terms')).toEqual({
      en: 'Wallet terms: shown before the first top-up and under Wallet › Terms',
      my: 'Terma dompet: dipaparkan sebelum tambah nilai pertama dan di bawah Dompet › Terma',
    });
    expect(await descriptions('support_contact')).toEqual({ en: 'Our own help page', my: '' });
  });
});
