import type { CompanyType } from '@shared/onboarding.contract';

/** Everything the wizard has collected so far; kept by the page so Back never loses data. */
export interface WizardData {
  companyName: string;
  companyType: CompanyType | undefined;
  companyDescription: string;
  companySlug: string;
}

export const EMPTY_WIZARD_DATA: WizardData = {
  companyName: '',
  companyType: undefined,
  companyDescription: '',
  companySlug: '',
};

export type WizardStep = 1 | 2 | 3;

export const WIZARD_STEPS: ReadonlyArray<{ step: WizardStep; label: string }> = [
  { step: 1, label: 'Company info' },
  { step: 2, label: 'Your link' },
  { step: 3, label: 'Complete' },
];

/** The public URL prefix shown before the slug: `{origin}/gym/`. */
export function publicLinkPrefix(): string {
  return `${window.location.origin}/gym/`;
}
