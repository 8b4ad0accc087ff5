import { Resolver } from 'node:dns/promises';

/**
 * Looks up the TXT records of a name: each record as its character strings (as node:dns answers
 * them). Rejects with the resolver's error (`code` ENOTFOUND / ENODATA when there is none). The
 * production one asks the system's DNS servers; tests pass a fake through AppDeps.
 */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** Per query attempt, and how many attempts per server (c-ares' own bounds). */
const ATTEMPT_TIMEOUT_MS = 2000;
const TRIES = 2;
/** The whole lookup is cancelled after this, whatever the servers do. */
const LOOKUP_TIMEOUT_MS = 6000;

/** TXT lookups through node:dns (c-ares), bounded in time; a fresh resolver per lookup so cancel stops only it. */
export function systemTxtResolver(): TxtResolver {
  return async (name) => {
    const resolver = new Resolver({ timeout: ATTEMPT_TIMEOUT_MS, tries: TRIES });
    const timer = setTimeout(() => resolver.cancel(), LOOKUP_TIMEOUT_MS);
    try {
      return await resolver.resolveTxt(name);
    } finally {
      clearTimeout(timer);
    }
  };
}
