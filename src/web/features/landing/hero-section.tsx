import { ArrowRight, Clock, Play, Sparkles, Zap } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { scrollToSection } from './scroll';

const HERO_GLOW = {
  backgroundImage: [
    'radial-gradient(60% 55% at 85% 10%, color-mix(in oklch, var(--primary) 22%, transparent), transparent 70%)',
    'radial-gradient(45% 45% at 5% 40%, color-mix(in oklch, var(--primary) 12%, transparent), transparent 70%)',
  ].join(','),
};

const GRID = {
  backgroundImage:
    'linear-gradient(to right, color-mix(in oklch, var(--foreground) 6%, transparent) 1px, transparent 1px), linear-gradient(to bottom, color-mix(in oklch, var(--foreground) 6%, transparent) 1px, transparent 1px)',
  backgroundSize: '48px 48px',
  maskImage: 'radial-gradient(ellipse 70% 60% at 50% 30%, black, transparent 75%)',
};

const MOCK_CLASSES = [
  { title: 'HIIT Climb', level: 'Advanced', minutes: 45, hue: 38 },
  { title: 'Morning Energy', level: 'Intermediate', minutes: 30, hue: 30 },
  { title: 'Beginner Spin', level: 'Beginner', minutes: 35, hue: 50 },
  { title: 'Cardio Burn', level: 'Advanced', minutes: 50, hue: 22 },
];

/** A decorative tablet showing a branded class picker. */
function TabletMock() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        className="absolute -inset-6 -z-10 rounded-[3rem] opacity-60 blur-2xl"
        style={{
          background:
            'conic-gradient(from 180deg at 50% 50%, color-mix(in oklch, var(--primary) 35%, transparent), transparent 40%, color-mix(in oklch, var(--primary) 25%, transparent) 70%, transparent)',
        }}
      />
      <div className="rounded-[2rem] border bg-card p-3 shadow-2xl shadow-primary/10 ring-1 ring-foreground/5">
        <div className="overflow-hidden rounded-[1.4rem] border bg-background">
          <div
            className="px-5 pt-5 pb-4"
            style={{
              background:
                'linear-gradient(135deg, color-mix(in oklch, var(--primary) 16%, var(--card)), var(--card))',
            }}
          >
            <div className="flex items-center gap-3">
              <div className="flex size-10 items-center justify-center rounded-xl bg-primary text-sm font-bold text-primary-foreground">
                RS
              </div>
              <div>
                <p className="text-sm font-semibold text-foreground">Ride Studio</p>
                <p className="text-xs text-muted-foreground">
                  Choose your class and get ready to sweat
                </p>
              </div>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3 p-4">
            {MOCK_CLASSES.map((c) => (
              <div key={c.title} className="overflow-hidden rounded-xl border bg-card">
                <div
                  className="relative flex aspect-video items-center justify-center"
                  style={{
                    background: `linear-gradient(135deg, oklch(0.62 0.2 ${c.hue}), oklch(0.3 0.08 ${c.hue + 10}))`,
                  }}
                >
                  <span className="flex size-8 items-center justify-center rounded-full bg-white/90 shadow">
                    <Play className="ml-0.5 size-3.5 fill-neutral-900 text-neutral-900" />
                  </span>
                </div>
                <div className="space-y-1 p-2.5">
                  <p className="truncate text-xs font-semibold text-foreground">{c.title}</p>
                  <p className="flex items-center gap-1 text-[11px] text-muted-foreground">
                    <Clock className="size-3" />
                    {c.minutes} min · {c.level}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>

      <div className="absolute -bottom-5 -left-3 flex items-center gap-2 rounded-xl border bg-card px-3 py-2 shadow-lg sm:-left-6">
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <Sparkles className="size-4" />
        </span>
        <div>
          <p className="text-xs font-semibold text-foreground">AI enhancement</p>
          <p className="text-[11px] text-muted-foreground">Background, logo, audio, light</p>
        </div>
      </div>
      <div className="absolute -top-4 -right-2 flex items-center gap-1.5 rounded-full border bg-card px-3 py-1.5 text-xs font-semibold text-foreground shadow-lg sm:-right-3">
        <Zap className="size-3.5 text-primary" />
        4K ready
      </div>
    </div>
  );
}

export function HeroSection({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div className="absolute inset-0 -z-10" style={HERO_GLOW} />
      <div className="absolute inset-0 -z-10" style={GRID} />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:px-8 lg:pt-24 lg:pb-28">
        <div className="flex flex-col items-start">
          <Badge
            variant="outline"
            className="mb-6 gap-1.5 rounded-full border-primary/30 bg-primary/10 px-3 py-1 text-sm text-foreground"
          >
            <Sparkles aria-hidden="true" className="!size-3.5 text-primary" />
            AI-enhanced class videos for gyms
          </Badge>
          <h1
            id="hero-title"
            className="text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl lg:text-[3.5rem] lg:leading-[1.05]"
          >
            Turn raw spin classes into <span className="text-primary">studio-grade videos</span>{' '}
            your riders love
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-muted-foreground">
            Upload a class straight from your phone. Cadence replaces the background, adds your
            logo, balances the audio and fixes the lighting, then shares it on a branded page your
            members open on any tablet. No logins, no app installs.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button
              size="lg"
              className="h-12 px-7 text-base shadow-lg shadow-primary/25"
              onClick={onGetStarted}
            >
              Get Started Free
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="h-12 px-7 text-base"
              onClick={() => scrollToSection('how-it-works')}
            >
              See how it works
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Free plan available · No credit card required
          </p>
        </div>
        <TabletMock />
      </div>
    </section>
  );
}
