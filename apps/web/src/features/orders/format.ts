import { unitPriceWithChoices, type Order } from '@kopi/contract';

/** An order line's unit price as charged: the product's price with its options and add-ons. */
export const itemUnitPrice = (
  item: Pick<Order['items'][number], 'unit_price' | 'options' | 'addons'>,
) =>
  unitPriceWithChoices({
    unit_price: item.unit_price,
    option_prices: item.options.map((o) => o.price),
    addon_prices: item.addons.map((a) => a.price),
  });
