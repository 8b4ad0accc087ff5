import { describe, expect, it } from 'vitest';
import { explicitTransactionBody } from './sql-executor';

describe('explicitTransactionBody', () => {
  it("finds the statements of pg-boss's BEGIN; ...; COMMIT; scripts", () => {
    expect(explicitTransactionBody('BEGIN; SELECT 1; SELECT 2; COMMIT;')).toBe(
      ' SELECT 1; SELECT 2',
    );
    expect(explicitTransactionBody('\n  begin;\nDELETE FROM x;\ncommit\n')).toBe('\nDELETE FROM x');
    expect(explicitTransactionBody('BEGIN;COMMIT')).toBe('');
  });

  it('answers null for any other text', () => {
    expect(explicitTransactionBody('SELECT 1')).toBeNull();
    expect(explicitTransactionBody('BEGIN; SELECT 1;')).toBeNull();
    expect(explicitTransactionBody('SELECT 1; COMMIT;')).toBeNull();
    expect(explicitTransactionBody('BEGIN' + ' '.repeat(20_000) + 'x')).toBeNull();
  });
});
