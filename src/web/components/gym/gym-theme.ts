import type { CSSProperties } from 'react';
import type { PublicGymBranding } from '@shared/gyms.contract';
import { displayFontFamily } from './display-font';

/**
 * The gym's colours (and display font) as CSS custom properties on the page's root; every branded surface reads them
 * (`bg-(--gym-primary) text-(--gym-on-primary)`), so the page and the /customize preview paint
 * the same way from the same values.
 */
export function gymThemeStyle(branding: PublicGymBranding): CSSProperties {
  return {
    '--gym-primary': branding.primaryColor,
    '--gym-on-primary': branding.primaryTextColor,
    '--gym-secondary': branding.secondaryColor,
    '--gym-on-secondary': branding.secondaryTextColor,
    '--gym-accent': branding.accentColor,
    // The headings' font (Full customization); unset, they keep the page's own.
    ...(branding.displayFont ? { '--gym-display': displayFontFamily(branding.displayFont) } : {}),
  } as CSSProperties;
}
