import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashingParams } from '../config';

// argon2id password hashing (OWASP: ≥ 19 MiB, t=2). The hash string carries its own parameters,
// so verification works whatever cost a hash was made with; `needsRehash` upgrades old ones.

const ARGON2ID = 2; // Algorithm.Argon2id; a const enum cannot be imported under isolatedModules.

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Burns the same time as a real check, for unknown usernames (no timing oracle). */
  verifyDummy(password: string): Promise<void>;
  needsRehash(passwordHash: string): boolean;
}

export function createPasswordHasher(params: PasswordHashingParams): PasswordHasher {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: 1,
  };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      dummy ??= hash('kopi-hq-dummy-password', options);
      await verify(await dummy, password).catch(() => false);
    },
    needsRehash: (passwordHash) => {
      const m = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=\d+\$/.exec(passwordHash);
      if (!m) return true;
      return Number(m[1]) < params.memoryCost || Number(m[2]) < params.timeCost;
    },
  };
}
