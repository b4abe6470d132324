import type { Locale } from '@kopi/contract';

// The e-mails Kopi HQ sends to staff about their password, in the language of the user they go
// to (users.language, en or my), not the language of whoever triggered them.

export type StaffMailKind = 'account_invite' | 'password_reset_by_admin' | 'password_reset';

export interface StaffMailInput {
  fullname: string;
  username: string;
  link: string;
}

type Mail = { subject: string; lines: string[] };

const mails: Record<Locale, Record<StaffMailKind, (m: StaffMailInput) => Mail>> = {
  en: {
    account_invite: (m) => ({
      subject: 'Your Kopi HQ account',
      lines: [
        `Hello ${m.fullname},`,
        '',
        `A Kopi HQ account "${m.username}" was created for you. Open this link within`,
        '24 hours to choose your password, then sign in with that username:',
        '',
        m.link,
      ],
    }),
    password_reset_by_admin: (m) => ({
      subject: 'Choose a new Kopi HQ password',
      lines: [
        `Hello ${m.fullname},`,
        '',
        `An administrator asked for a new password for your Kopi HQ account "${m.username}".`,
        'Open this link within 24 hours to choose one:',
        '',
        m.link,
        '',
        'Your current password keeps working until you choose the new one.',
      ],
    }),
    password_reset: (m) => ({
      subject: 'Reset your Kopi HQ password',
      lines: [
        `Hello ${m.fullname},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Kopi HQ account',
        `"${m.username}". Open this link within 30 minutes to choose a new password:`,
        '',
        m.link,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
    }),
  },
  my: {
    account_invite: (m) => ({
      subject: 'Akaun Kopi HQ anda',
      lines: [
        `Salam ${m.fullname},`,
        '',
        `Akaun Kopi HQ "${m.username}" telah dicipta untuk anda. Buka pautan ini dalam masa`,
        '24 jam untuk memilih kata laluan anda, kemudian log masuk dengan nama pengguna itu:',
        '',
        m.link,
      ],
    }),
    password_reset_by_admin: (m) => ({
      subject: 'Pilih kata laluan Kopi HQ yang baharu',
      lines: [
        `Salam ${m.fullname},`,
        '',
        `Seorang pentadbir meminta kata laluan baharu untuk akaun Kopi HQ anda "${m.username}".`,
        'Buka pautan ini dalam masa 24 jam untuk memilihnya:',
        '',
        m.link,
        '',
        'Kata laluan semasa anda masih boleh digunakan sehingga anda memilih yang baharu.',
      ],
    }),
    password_reset: (m) => ({
      subject: 'Tetapkan semula kata laluan Kopi HQ anda',
      lines: [
        `Salam ${m.fullname},`,
        '',
        'Seseorang (harapnya anda) meminta untuk menetapkan semula kata laluan akaun Kopi HQ anda',
        `"${m.username}". Buka pautan ini dalam masa 30 minit untuk memilih kata laluan baharu:`,
        '',
        m.link,
        '',
        'Jika anda tidak memintanya, abaikan e-mel ini: kata laluan anda kekal seperti sedia ada.',
      ],
    }),
  },
};

/** Subject and text of a staff e-mail; an unknown language (never expected) falls back to English. */
export function staffMail(
  kind: StaffMailKind,
  language: string,
  input: StaffMailInput,
): { subject: string; text: string } {
  const locale: Locale = language === 'my' ? 'my' : 'en';
  const mail = mails[locale][kind](input);
  return { subject: mail.subject, text: mail.lines.join('\n') };
}
