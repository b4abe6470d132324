/** The user page's card titles: second-level headings in the h5 style. */
export const cardTitle = { title: { component: 'h2', variant: 'h5' } } as const;
