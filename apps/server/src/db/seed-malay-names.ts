// The demo menu's Malay names by SKU (decision 039). Names a Malaysian menu keeps as they are
// (Kopi O, Teh Tarik, Nasi Lemak, Latte…) have none: Malay screens show the English name.
export const demoProductMalayNames: Record<string, string> = {
  'KOP-004': 'Kopi Ais', // Kopi Peng
  'KOP-007': 'Kopi Putih Ipoh', // Ipoh White Coffee
  'TEH-006': 'Teh Tarik Ais', // Teh Tarik Peng
  'MCH-002': 'Matcha Latte Ais', // Iced Matcha Latte
  'MCH-003': 'Coklat Panas', // Hot Chocolate
  'MCH-004': 'Coklat Ais', // Iced Chocolate
  'FOD-004': 'Telur Separuh Masak', // Half-Boiled Eggs
  'FOD-005': 'Set Roti Bakar Kaya', // Kaya Toast Set
  'FOD-008': 'Karipap', // Curry Puff
  'BAK-001': 'Croissant Mentega', // Butter Croissant
  'BAK-002': 'Croissant Badam', // Almond Croissant
  'BAK-004': 'Kek Sifon Pandan', // Pandan Chiffon Cake
  'BAK-005': 'Kek Onde-Onde', // Onde-Onde Cake
  'BAK-006': 'Kek Keju Bakar', // Burnt Cheesecake
  'BAK-007': 'Kek Pisang', // Banana Cake
};
