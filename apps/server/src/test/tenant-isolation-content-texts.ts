// The tenant-isolation scenario's part for the customer app's texts: tenant A's admin lists and
// searches them, words the Malay terms its own way, reads the text and its history, and resets
// it to the platform's wording.

/** The scenario's requests as tenant A's admin (answers kept loose, as the scenario's are). */
interface AdminRequests {
  get(url: string): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  post(url: string, body?: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  put(url: string, body: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function contentTextsPart(a: AdminRequests) {
  await a.get('/api/content-texts?q=terms&state=default');
  await a.put('/api/content-texts/terms', { text_en: null, text_my: '# Terma\n\nTerma kami.' });
  await a.get('/api/content-texts/terms');
  await a.get('/api/content-texts?state=overridden');
  await a.get('/api/content-texts/terms/history');
  await a.post('/api/content-texts/terms/reset');
}
