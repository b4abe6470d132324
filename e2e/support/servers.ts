// Journeys run in E2E_WORKERS workers (2 by default: CI's machine has two cores), each against a
// server of its own with its own embedded database, so no journey sees another's data while it
// runs. Worker i (Playwright's TEST_PARALLEL_INDEX, 0 … workers − 1) uses server i on port
// E2E_PORT + i, whose Billplz calls go to a fake on E2E_PORT + 1000 + i.

export const firstPort = Number(process.env.E2E_PORT ?? 3100);
export const serverCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** The server of the worker this module is loaded in (0 in the runner itself). */
export const serverIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const serverUrl = (index: number) => `http://127.0.0.1:${firstPort + index}`;
export const fakeBillplzPortOf = (index: number) => firstPort + 1000 + index;
