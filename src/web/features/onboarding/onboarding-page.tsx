import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isFlagSet } from '@shared/flags';
import {
  slugify,
  type CompanyInfo,
  type CompleteOnboardingBody,
} from '@shared/onboarding.contract';
import { PRODUCT_NAME } from '@shared/product';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { failureMessage, isNetworkError } from '@web/lib/api';
import { useCurrentUser } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import { useCompleteOnboarding } from './api/onboarding';
import { CompanyInfoStep } from './company-info-step';
import { CompleteStep } from './complete-step';
import { SlugStep } from './slug-step';
import { StepIndicator } from './step-indicator';
import { EMPTY_WIZARD_DATA, type WizardData, type WizardStep } from './wizard-data';

const SETUP_FAILED = 'Something went wrong. Please try again.';
const SETUP_NETWORK = 'Unable to complete setup. Please try again.';

const STEP_COPY: Record<WizardStep, { title: string; description: string }> = {
  1: {
    title: 'Tell us about your business',
    description: 'This is how your studio appears to your members.',
  },
  2: {
    title: 'Choose your public link',
    description: 'Members open this link to watch your classes, no login needed.',
  },
  3: {
    title: 'Review and finish',
    description: 'Everything look right? You can change these details later.',
  },
};

/** The three-step onboarding wizard (product.md §4): company info, public link, completion. */
export function OnboardingPage() {
  const { user } = useCurrentUser();
  const complete = useCompleteOnboarding();
  const [, navigate] = useLocation();

  const [step, setStep] = useState<WizardStep>(1);
  const [data, setData] = useState<WizardData>(EMPTY_WIZARD_DATA);
  /** The last slug filled in from the company name; a slug still equal to it follows name edits. */
  const [slugPrefill, setSlugPrefill] = useState('');

  // Move focus to the step heading when the step changes (not on first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const leaveTo = !user ? '/' : isFlagSet(user.onboardingCompleted) ? '/dashboard' : null;
  useEffect(() => {
    if (!leaveTo) return;
    // Deferred a tick: this page can see the refreshed user before the router above it does, and
    // navigating synchronously would bounce off the router's stale "go to /onboarding" redirect.
    // If the router re-renders first, this page unmounts and the timer is cancelled.
    const timer = window.setTimeout(() => navigate(leaveTo, { replace: true }), 0);
    return () => window.clearTimeout(timer);
  }, [leaveTo, navigate]);

  if (leaveTo) return null;

  function handleCompanyInfo(values: CompanyInfo) {
    const prefill = slugify(values.companyName);
    const keepSlug = data.companySlug !== '' && data.companySlug !== slugPrefill;
    setData((prev) => ({
      ...prev,
      companyName: values.companyName,
      companyType: values.companyType,
      companyDescription: values.companyDescription ?? '',
      companySlug: keepSlug ? prev.companySlug : prefill,
    }));
    if (!keepSlug) setSlugPrefill(prefill);
    setStep(2);
  }

  function handleSlugConfirmed(companySlug: string) {
    setData((prev) => ({ ...prev, companySlug }));
    setStep(3);
  }

  function handleSlugBack(companySlug: string) {
    setData((prev) => ({ ...prev, companySlug }));
    setStep(1);
  }

  async function handleComplete(): Promise<boolean> {
    if (!data.companyType) {
      setStep(1);
      return false;
    }
    const body: CompleteOnboardingBody = {
      companyName: data.companyName,
      companyType: data.companyType,
      companyDescription: data.companyDescription,
      companySlug: data.companySlug,
    };
    try {
      await complete.mutateAsync(body);
    } catch (error) {
      const description = isNetworkError(error)
        ? SETUP_NETWORK
        : failureMessage(error, SETUP_FAILED);
      toast({ title: 'Setup failed', description, variant: 'destructive' });
      return false;
    }
    toast({
      title: PRODUCT_NAME,
      description: "Your account setup is complete. Let's get started!",
    });
    navigate('/dashboard', { replace: true });
    return true;
  }

  const copy = STEP_COPY[step];

  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-80 bg-gradient-to-b from-primary/10 to-transparent dark:from-primary/15"
      />
      <header className="relative">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <ThemeToggle />
        </div>
      </header>

      <main className="relative flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:pt-10">
        <div className="w-full max-w-xl space-y-6">
          <div className="space-y-1 text-center">
            <p className="text-sm font-medium text-primary">Step {step} of 3</p>
            <p className="text-sm text-muted-foreground">
              Let's set up your studio on {PRODUCT_NAME}. It takes about a minute.
            </p>
          </div>

          <StepIndicator current={step} />

          <Card className="shadow-lg shadow-black/5 dark:shadow-black/30">
            <CardHeader>
              <h1
                ref={headingRef}
                tabIndex={-1}
                className="text-xl leading-tight font-semibold tracking-tight outline-none sm:text-2xl"
              >
                {copy.title}
              </h1>
              <CardDescription>{copy.description}</CardDescription>
            </CardHeader>
            <CardContent>
              {step === 1 && (
                <CompanyInfoStep
                  initial={{
                    companyName: data.companyName,
                    companyType: data.companyType,
                    companyDescription: data.companyDescription,
                  }}
                  onNext={handleCompanyInfo}
                />
              )}
              {step === 2 && (
                <SlugStep
                  initialSlug={data.companySlug}
                  onNext={handleSlugConfirmed}
                  onBack={handleSlugBack}
                />
              )}
              {step === 3 && (
                <CompleteStep data={data} onBack={() => setStep(2)} onComplete={handleComplete} />
              )}
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
