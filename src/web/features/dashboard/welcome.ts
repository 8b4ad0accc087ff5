/** 'Welcome' on the first visit, 'Welcome back, {first name}' after (issue #15 part 9). */
export function welcomeLine(firstVisit: boolean, firstName: string | null): string {
  const name = firstName?.trim();
  if (firstVisit) return name ? `Welcome, ${name}!` : 'Welcome!';
  return name ? `Welcome back, ${name}!` : 'Welcome back!';
}
