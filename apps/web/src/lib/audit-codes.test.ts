import fs from 'node:fs';
import path from 'node:path';
import { approvalActions, campaignMoves, cashMovementKinds } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { auditLabelsEn } from './audit-labels-en';
import { auditLabelsMy } from './audit-labels-my';

// Every action and record type the server writes to the audit trail has a name in both
// languages: without one the log falls back to the code's words, English on a Malay screen. The
// codes are read from the server's source (literal `action: 'x.y'`, `entity: 'x'` and the entry
// helpers' entity), plus those it builds from a list.

const serverSource = path.resolve(import.meta.dirname, '../../../server/src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const source = sourceFiles(serverSource)
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');
const found = (pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m[1]!);

const helperEntities = found(/(?:createdEntry|updatedEntry|deletedEntry)\(\s*'([a-z_-]+)'/g);
const actions = new Set([
  ...found(/action: '([a-z_-]+\.[a-z_]+)'/g),
  ...found(/createdEntry\(\s*'([a-z_-]+)'/g).map((e) => `${e}.create`),
  ...found(/updatedEntry\(\s*'([a-z_-]+)'/g).map((e) => `${e}.update`),
  ...found(/deletedEntry\(\s*'([a-z_-]+)'/g).map((e) => `${e}.delete`),
  ...cashMovementKinds.map((kind) => `shift.${kind}`),
  ...approvalActions.map((action) => `approval.${action}`),
  ...campaignMoves.map((move) => `voucher_campaign.${move}`),
  ...['override', 'reset'].map((verb) => `content_text.${verb}`),
  ...['create', 'update'].map((verb) => `content_text_default.${verb}`),
  // A redemption given back is written through a variable typed with both actions.
  'voucher.give_back',
]);
const entities = new Set([...found(/entity: '([a-z_-]+)'/g), ...helperEntities]);

const labelOf = (labels: object, dotted: string) =>
  dotted.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], labels);

describe('the audit trail’s codes', () => {
  it('are read from the server (the check finds them)', () => {
    expect(actions).toContain('user.update_profile');
    expect(actions).toContain('voucher.create');
    expect(entities).toContain('shift');
  });

  it.each(['en', 'my'] as const)('each have a name in %s', (language) => {
    const labels = language === 'en' ? auditLabelsEn : auditLabelsMy;
    const missing = [
      ...[...actions].filter((a) => {
        const [subject, verb] = a.split('.');
        return typeof labelOf(labels.action, `${subject}.${verb}`) !== 'string';
      }),
      ...[...entities].filter((e) => typeof labelOf(labels.entity, e) !== 'string'),
    ];
    expect(missing.sort()).toEqual([]);
  });
});
