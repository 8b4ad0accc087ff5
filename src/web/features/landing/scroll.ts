/** Smoothly scrolls a landing section into view (instantly for visitors who prefer less motion). */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}

export type AuthMode = 'register' | 'login';

export const AUTH_SECTION_ID = 'auth';

/** The auth card inside the auth section: the scroll target of every 'sign in / sign up' control. */
export const AUTH_CARD_ID = 'auth-card';
