import { describe, expect, it } from 'vitest';
import { welcomeLine } from './welcome';

describe('welcomeLine (issue #15 part 9)', () => {
  it("says 'Welcome' on the first visit and 'Welcome back, {first name}' after", () => {
    expect(welcomeLine(true, 'Maya')).toBe('Welcome, Maya!');
    expect(welcomeLine(false, 'Maya')).toBe('Welcome back, Maya!');
  });

  it('does without a first name', () => {
    expect(welcomeLine(true, null)).toBe('Welcome!');
    expect(welcomeLine(false, '  ')).toBe('Welcome back!');
  });
});
