import * as React from 'react';
import { BarChart3, Clock, Film, Link2, ShieldCheck, type LucideIcon } from 'lucide-react';
import { AUTH_TITLE_ID, AuthCard } from './auth-card';
import { FeaturesSection } from './features-section';
import { adoptPaintedLanding } from './first-interaction';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { AUTH_CARD_ID, AUTH_SECTION_ID, scrollToSection, type AuthMode } from './scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { StatsBand } from './stats-band';
import { StepsSection } from './steps-section';
import { WhySection } from './why-section';
import { dropLandingFirstPaint } from '@web/lib/first-paint';
import { useEnhancementTimeText } from '@web/lib/processing-time';
import { SIGN_IN_PATH } from '@web/lib/session';
import { useTheme } from '@web/lib/theme';

interface Pitch {
  kicker: string;
  title: string;
  body: string;
  points: Array<{ icon: LucideIcon; text: string }>;
}

/** Beside the card in sign-up mode: what a new owner gets. */
function signUpPitch(enhancementTime: string): Pitch {
  return {
    kicker: 'Get started',
    title: 'Your studio, on demand, by next week',
    body: 'Create your account, tell us about your gym and upload your first class. We take it from there.',
    points: [
      { icon: ShieldCheck, text: 'Free Spin Starter plan, no credit card required' },
      { icon: Clock, text: `Enhanced classes, ${enhancementTime}` },
      { icon: Link2, text: 'One public link for all your riders' },
    ],
  };
}

/** Beside the card in sign-in mode: what an owner comes back to, not the sign-up pitch. */
const SIGN_IN_PITCH: Pitch = {
  kicker: 'Sign in',
  title: 'Pick up where you left off',
  body: 'Sign in with the email and password you signed up with to reach your classes and your public page.',
  points: [
    { icon: Film, text: 'Your classes and where each is in processing' },
    { icon: BarChart3, text: 'Who rode which class, and for how long' },
    { icon: Link2, text: 'Your public link, ready to share' },
  ],
};

function AuthSection({
  mode,
  onModeChange,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}) {
  const enhancementTime = useEnhancementTimeText();
  const pitch = mode === 'register' ? signUpPitch(enhancementTime) : SIGN_IN_PITCH;
  return (
    <section
      id={AUTH_SECTION_ID}
      aria-labelledby={AUTH_TITLE_ID}
      className="relative isolate scroll-mt-16 overflow-hidden px-4 py-20 sm:px-6 lg:px-8 lg:py-28"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10"
        style={{
          backgroundImage:
            'radial-gradient(50% 60% at 80% 50%, color-mix(in oklch, var(--primary) 14%, transparent), transparent 70%)',
        }}
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1fr_28rem] lg:gap-20">
        <div className="max-w-xl">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">
            {pitch.kicker}
          </p>
          <p className="mt-3 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
            {pitch.title}
          </p>
          <p className="mt-4 text-lg text-muted-foreground">{pitch.body}</p>
          <ul className="mt-8 space-y-4">
            {pitch.points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-foreground">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <AuthCard
          id={AUTH_CARD_ID}
          mode={mode}
          onModeChange={onModeChange}
          className="w-full scroll-mt-24"
        />
      </div>
    </section>
  );
}

/** The signed-out landing page (product.md §1, §2). */
export function LandingPage() {
  // Opened as SIGN_IN_PATH (after a password reset): the card in sign-in mode, in view. (No window
  // when the page is rendered to HTML at build time, landing-markup.tsx: the sign-up card.)
  const [signingIn] = React.useState(
    () =>
      typeof window !== 'undefined' &&
      window.location.hash === new URL(SIGN_IN_PATH, window.location.href).hash,
  );
  const [mode, setMode] = React.useState<AuthMode>(signingIn ? 'login' : 'register');
  // Takes the place of the same page painted from the HTML, in the same frame, with what the
  // visitor typed, focused and pressed there (decisions 0030, 0039).
  const pageRef = React.useRef<HTMLDivElement>(null);
  const { setTheme } = useTheme();
  React.useLayoutEffect(() => {
    const adopted = pageRef.current ? adoptPaintedLanding(pageRef.current) : null;
    dropLandingFirstPaint();
    // The theme toggle works on the painted page by itself: React's theme takes up its choice.
    if (adopted?.themeToggled)
      setTheme(document.documentElement.classList.contains('dark') ? 'dark' : 'light');
  }, [setTheme]);
  React.useEffect(() => {
    if (signingIn) scrollToSection(AUTH_CARD_ID);
  }, [signingIn]);

  const goToAuth = React.useCallback((next: AuthMode) => {
    setMode(next);
    // The card itself, so on phones (where it sits under the pitch) it lands in view.
    scrollToSection(AUTH_CARD_ID);
    // Move keyboard focus to the card without fighting the smooth scroll.
    document.getElementById(AUTH_TITLE_ID)?.focus({ preventScroll: true });
  }, []);

  return (
    <div ref={pageRef} className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader onAuth={goToAuth} />
      <main id="main" className="flex-1">
        <HeroSection onGetStarted={() => goToAuth('register')} />
        <StatsBand />
        <FeaturesSection />
        <WhySection />
        <StepsSection />
        <PricingSection onChoosePlan={() => goToAuth('register')} />
        <AuthSection mode={mode} onModeChange={setMode} />
      </main>
      <SiteFooter />
    </div>
  );
}
