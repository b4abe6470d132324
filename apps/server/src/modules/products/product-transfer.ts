import { businessDate, type ImportResult } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import {
  type ExportRow,
  type FileRow,
  parseProductFile,
  writeCsv,
  writeXlsx,
} from './product-files';
import { planImport } from './product-import';
import * as importRepo from './product-import.repo';
import { type Filter, filterOf, productSort, skuOrBarcodeTaken } from './product-query';
import * as repo from './products.repo';

// Products out to and in from CSV or Excel files: the export follows the list's filters and
// order; the import checks every row before it writes any.

const EXPORT_LIMIT = 50_000;
const PREVIEW_ROWS = 20;

export function createProductTransfer({ db, now }: { db: Db; now: Clock }) {
  return {
    async exportFile(ctx: AuthedContext, q: Filter & { format: 'csv' | 'xlsx' }) {
      const tenantId = tenantIdOf(ctx);
      const rows = await repo.listAll(db, tenantId, filterOf(q), productSort(q.sort), EXPORT_LIMIT);
      const exportRows: ExportRow[] = rows.map((r) => ({
        sku: r.sku,
        name: r.name,
        name_my: r.nameMy,
        category: r.categoryName,
        base_price: r.basePrice,
        discounted_price: r.discountedPrice,
        barcode: r.barcode,
        description: r.description,
        status: r.status,
        tags: r.tags,
      }));
      const stamp = businessDate(now(), 'Asia/Kuala_Lumpur', 0).replaceAll('-', '');
      return q.format === 'xlsx'
        ? {
            filename: `products-${stamp}.xlsx`,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            body: await writeXlsx(exportRows),
          }
        : {
            filename: `products-${stamp}.csv`,
            contentType: 'text/csv; charset=utf-8',
            body: writeCsv(exportRows),
          };
    },

    /**
     * Checks every row; `commit` writes only a fully valid file, in one transaction (existing
     * SKUs are updated, new ones created). An invalid commit is a 400 `import_invalid` whose
     * details name row and field (`rows.<row>.<field>`).
     */
    async importFile(
      ctx: AuthedContext,
      file: Buffer,
      mode: 'preview' | 'commit',
    ): Promise<ImportResult> {
      const tenantId = tenantIdOf(ctx);
      const parsed = await parseProductFile(file);
      const lookup = await importRepo.importLookup(db, tenantId);
      const plan = planImport(parsed, lookup);
      const result: ImportResult = {
        total_rows: parsed.rows.length,
        valid: plan.errors.length === 0,
        created: plan.creates.length,
        updated: plan.updates.length,
        errors: plan.errors,
        preview: parsed.rows.slice(0, PREVIEW_ROWS).map((r) => r.values as FileRow),
      };
      if (mode === 'preview') return result;
      if (!result.valid) {
        throw new AppError('import_invalid', {
          details: plan.errors.map((e) => ({
            path: `rows.${e.row}.${e.field}`,
            message: e.message,
          })),
        });
      }
      const entry = {
        action: 'product.import',
        entity: 'product',
        after: {
          rows: parsed.rows.length,
          created: plan.creates.length,
          updated: plan.updates.length,
        },
      };
      await audited(db, ctx, entry, async (tx) => {
        await importRepo.insertMany(tx, tenantId, plan.creates);
        await importRepo.updateMany(tx, tenantId, plan.updates);
      }).catch(skuOrBarcodeTaken);
      return result;
    },
  };
}
