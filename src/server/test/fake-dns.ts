import type { FastifyInstance } from 'fastify';
import type { DomainTxtRecord, UpdateDomainResponse } from '@shared/branding.contract';
import type { TxtResolver } from '../modules/branding/txt-resolver';

/** A DNS error as node:dns rejects with one. */
export function dnsError(code: string): Error {
  return Object.assign(new Error(`queryTxt ${code}`), { code });
}

/**
 * TXT records in memory for the custom-domain verification (AppDeps.txtResolver): a name without
 * records answers ENOTFOUND, as node:dns does; `fail` makes a name answer an error, `hang` never answer.
 */
export function fakeTxtResolver() {
  const records = new Map<string, string[][]>();
  const behaviours = new Map<string, 'hang' | Error>();
  const lookups: string[] = [];
  const resolver: TxtResolver = async (name) => {
    lookups.push(name);
    const behaviour = behaviours.get(name);
    if (behaviour === 'hang') return new Promise<string[][]>(() => {});
    if (behaviour) throw behaviour;
    const found = records.get(name);
    if (!found) throw dnsError('ENOTFOUND');
    return found;
  };
  return {
    resolver,
    lookups,
    /** Adds TXT records (each a list of character strings) at a name. */
    publish(name: string, ...values: string[][]): void {
      records.set(name, [...(records.get(name) ?? []), ...values]);
    },
    fail(name: string, error: Error): void {
      behaviours.set(name, error);
    },
    hang(name: string): void {
      behaviours.set(name, 'hang');
    },
  };
}

export type FakeTxtResolver = ReturnType<typeof fakeTxtResolver>;

/**
 * The owner connects a domain as the UI does: saves it, publishes the TXT record it was given in
 * the fake DNS, and verifies it. Answers the verify response.
 */
export async function connectDomain(
  app: FastifyInstance,
  dns: FakeTxtResolver,
  cookie: string,
  domain: string,
): Promise<UpdateDomainResponse> {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/auth/branding/domain',
    headers: { cookie },
    payload: { domain },
  });
  if (saved.statusCode !== 200)
    throw new Error(`saving ${domain}: ${saved.statusCode} ${saved.body}`);
  const record = (saved.json() as UpdateDomainResponse).branding
    .customDomainRecord as DomainTxtRecord;
  dns.publish(record.name, [record.value]);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/branding/domain/verify',
    headers: { cookie },
  });
  if (verified.statusCode !== 200)
    throw new Error(`verifying ${domain}: ${verified.statusCode} ${verified.body}`);
  return verified.json() as UpdateDomainResponse;
}
