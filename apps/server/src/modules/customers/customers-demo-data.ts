// The words of the demo customers (customers-demo-seed.ts): Malaysian names as people write them,
// the membership tiers, and a few staff notes. Names are composed from these lists by a seeded
// random generator, so every demo database has the same customers.

export const DEMO_CUSTOMER_COUNT = 300;

export const malayMen = [
  'Ahmad Faizal',
  'Muhammad Hafiz',
  'Amirul Hakim',
  'Mohd Syafiq',
  'Izzat Danial',
  'Haziq Aiman',
  'Khairul Anuar',
  'Azlan Shah',
  'Firdaus',
  'Nazrin',
  'Adam Harith',
  'Shahrul Nizam',
];
export const malayWomen = [
  'Nur Aisyah',
  'Siti Hajar',
  'Nurul Izzah',
  'Farah Nadia',
  'Syahirah',
  'Amira Balqis',
  'Nur Damia',
  'Hani Sofea',
  'Aishah',
  'Intan Suraya',
  'Zulaikha',
  'Nabila',
];
export const malayFathers = [
  'Abdullah',
  'Ismail',
  'Rahman',
  'Hassan',
  'Yusof',
  'Ibrahim',
  'Osman',
  'Zakaria',
  'Salleh',
  'Hamid',
  'Kamaruddin',
  'Razak',
];

export const chineseSurnames = [
  'Tan',
  'Lim',
  'Lee',
  'Wong',
  'Ng',
  'Chan',
  'Ong',
  'Teh',
  'Goh',
  'Chong',
  'Yap',
  'Cheah',
  'Khoo',
  'Loh',
];
export const chineseGiven = [
  'Wei Ming',
  'Mei Ling',
  'Jia Hui',
  'Kah Wai',
  'Siew Lan',
  'Chee Keong',
  'Hui Min',
  'Zhi Hao',
  'Yee Ling',
  'Boon Huat',
  'Xin Yi',
  'Jun Jie',
];

export const indianMen = ['Arjun', 'Ramesh', 'Suresh', 'Vignesh', 'Kumar', 'Darren', 'Prakash'];
export const indianWomen = ['Priya', 'Kavitha', 'Deepa', 'Thivya', 'Shalini', 'Anusha', 'Revathi'];
export const indianFathers = [
  'Muthu',
  'Rajan',
  'Subramaniam',
  'Krishnan',
  'Ganesan',
  'Maniam',
  'Pillai',
  'Nair',
];

export const mailDomains = ['gmail.com', 'gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.my'];

/** Silver, Gold and Platinum by points over 12 months; Platinum earns half as much again. */
export const demoTiers = [
  {
    nameEn: 'Silver',
    nameMy: 'Perak',
    threshold: 100,
    pointsPerRm: 100,
    colour: '#9EA3A8',
    benefitsEn: '1 point per RM 1. A free drink on your birthday.',
    benefitsMy: '1 mata bagi setiap RM 1. Minuman percuma pada hari jadi anda.',
  },
  {
    nameEn: 'Gold',
    nameMy: 'Emas',
    threshold: 300,
    pointsPerRm: 125,
    colour: '#C9A227',
    benefitsEn: '1.25 points per RM 1. Free size upgrade every Friday.',
    benefitsMy: '1.25 mata bagi setiap RM 1. Naik taraf saiz percuma setiap Jumaat.',
  },
  {
    nameEn: 'Platinum',
    nameMy: 'Platinum',
    threshold: 700,
    pointsPerRm: 150,
    colour: '#4A5560',
    benefitsEn: '1.5 points per RM 1. Priority pick-up and a free pastry each month.',
    benefitsMy: '1.5 mata bagi setiap RM 1. Ambil dahulu dan pastri percuma setiap bulan.',
  },
] as const;

export const demoNotes = [
  'Prefers oat milk in every drink.',
  'Regular at the KL shop, usually kopi O kosong before 8 am.',
  'Asked about corporate orders for her office (about 40 cups on Fridays).',
  'Allergic to nuts: check the pastries before recommending.',
  'Complained about a long wait on Saturday; we gave a free drink.',
  'Likes her teh tarik less sweet and extra frothy.',
  'Celebrates his birthday with the team here every year.',
];

export const adjustmentReasons = {
  credit: ['Goodwill: drink remade after a long wait', 'Top-up charged twice at the bank, credit'],
  debit: ['Duplicate top-up reversed', 'Promotion credit given by mistake'],
};
