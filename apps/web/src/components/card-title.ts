/** CardHeader slot props that make a card's title a second-level heading in the h5 style. */
export const cardTitle = { title: { component: 'h2', variant: 'h5' } } as const;
