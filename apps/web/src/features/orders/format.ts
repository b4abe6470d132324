// A business date ("2026-03-15") as the app shows dates (SPEC §9 "YYYY/MM/DD").
export const formatBusinessDate = (date: string) => date.replace(/-/g, '/');
