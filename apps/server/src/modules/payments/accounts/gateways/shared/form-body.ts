// The Malaysian gateways talk in application/x-www-form-urlencoded bodies, both ways. A field
// sent twice keeps its first value: a signature is only ever checked over one value per name.

export type FormFields = Record<string, string>;

export function parseFormBody(raw: string): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

export function encodeFormBody(fields: FormFields): string {
  return new URLSearchParams(fields).toString();
}

/** The body of a request the fakes receive, read whole. */
export async function readBody(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
