import type { Locale } from './locale';

// The roles every business starts with (and the platform's superadmin), by the name they are
// stored under. A role's name and description are what people typed, shown as stored; a built-in
// role is still called by its stored name in English, and by its Malay name on Malay screens, as
// long as it keeps that name. Its description reads in Malay while it is the shipped English one
// (a business that rewrote it sees its own words). The seed writes the English descriptions.

type Text = Record<Locale, string>;

export const builtinRoleTexts: Record<
  'superadmin' | 'admin' | 'manager' | 'cashier' | 'marketing' | 'finance',
  { name: Text; description: Text }
> = {
  superadmin: {
    name: { en: 'superadmin', my: 'pentadbir super' },
    description: {
      en: 'The whole platform, every tenant',
      my: 'Seluruh platform, setiap penyewa',
    },
  },
  admin: {
    name: { en: 'admin', my: 'pentadbir' },
    description: {
      en: 'Everything inside the business, all outlets',
      my: 'Segala-galanya dalam perniagaan, semua cawangan',
    },
  },
  manager: {
    name: { en: 'manager', my: 'pengurus' },
    description: {
      en: 'POS, status board, orders, refunds up to approval, reports of own outlets',
      my: 'POS, papan status, pesanan, bayaran balik hingga kelulusan, laporan cawangan sendiri',
    },
  },
  cashier: {
    name: { en: 'cashier', my: 'juruwang' },
    description: {
      en: 'POS, status board and own orders at one outlet',
      my: 'POS, papan status dan pesanan sendiri di satu cawangan',
    },
  },
  marketing: {
    name: { en: 'marketing', my: 'pemasaran' },
    description: {
      en: "Vouchers, campaigns, rewards and the customer app's banners, switches and texts",
      my: 'Baucar, kempen, ganjaran, serta sepanduk, suis dan teks aplikasi pelanggan',
    },
  },
  finance: {
    name: { en: 'finance', my: 'kewangan' },
    description: {
      en: 'Reports, refund approval and transfer, wallet adjustments, logs',
      my: 'Laporan, kelulusan dan pindahan bayaran balik, pelarasan dompet, log',
    },
  },
};

const builtin = (name: string) =>
  Object.hasOwn(builtinRoleTexts, name)
    ? builtinRoleTexts[name as keyof typeof builtinRoleTexts]
    : undefined;

/** A role's name for a screen: a built-in role's in the screen's language, any other as typed. */
export function roleName(locale: string, name: string): string {
  return locale === 'my' ? (builtin(name)?.name.my ?? name) : name;
}

/** A role's description for a screen: a built-in role's shipped one in the screen's language. */
export function roleDescription(
  locale: string,
  name: string,
  description: string | null,
): string | null {
  const texts = builtin(name);
  return locale === 'my' && texts && description === texts.description.en
    ? texts.description.my
    : description;
}
