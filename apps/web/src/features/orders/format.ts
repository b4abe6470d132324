import { unitPriceWithChoices, type Order } from '@kopi/contract';

// A business date ("2026-03-15") as the app shows dates (SPEC §9 "YYYY/MM/DD").
export const formatBusinessDate = (date: string) => date.replace(/-/g, '/');

/** An order line's unit price as charged: the product's price with its options and add-ons. */
export const itemUnitPrice = (
  item: Pick<Order['items'][number], 'unit_price' | 'options' | 'addons'>,
) =>
  unitPriceWithChoices({
    unit_price: item.unit_price,
    option_prices: item.options.map((o) => o.price),
    addon_prices: item.addons.map((a) => a.price),
  });
