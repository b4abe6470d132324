import pg from 'pg';

// A throwaway PostgreSQL database on the server of TEST_DATABASE_URL (else DATABASE_URL, else the
// local postgres), for scripts that must not touch a real one: the crash test and the backup
// check. Loopback servers only: these scripts kill servers and drop databases.

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export function serverUrl(): URL {
  const url = new URL(
    process.env.TEST_DATABASE_URL ||
      process.env.DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`scratch databases are made on a loopback server only (got ${url.hostname})`);
  }
  return url;
}

/** The URL of database `name` on the same server as `url`. */
export function urlOf(url: URL, name: string): string {
  const other = new URL(url.href);
  other.pathname = `/${name}`;
  return other.href;
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl().href });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function scratchDatabase(name: string): Promise<ScratchDatabase> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  return {
    name,
    url: urlOf(serverUrl(), name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
