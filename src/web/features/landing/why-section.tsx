import { CheckCircle2, Clock, Film, TrendingUp, Zap } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/product';
import { useEnhancementTimeText } from '@web/lib/processing-time';

const points = (enhancementTime: string) => [
  'No filming crew, green screen or editing software: a phone recording is enough.',
  `Enhanced classes, ${enhancementTime}, to share with your riders.`,
  'Members ride your classes any time, on any tablet, without creating an account.',
  'One place to upload, track processing and see how classes perform.',
];

const TILES = [
  { icon: TrendingUp, value: '85%', label: 'higher engagement with on-demand classes' },
  { icon: Clock, value: '10+', label: 'hours saved every week on video editing' },
  { icon: Zap, value: '24/7', label: 'AI processing, even while you sleep' },
  { icon: Film, value: '4K', label: 'support for crisp, big-screen playback' },
];

export function WhySection() {
  const pointList = points(useEnhancementTimeText());
  return (
    <section
      aria-labelledby="why-title"
      className="bg-muted/50 px-4 py-20 sm:px-6 lg:px-8 lg:py-28"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-14 lg:grid-cols-2 lg:gap-20">
        <div>
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">
            Why {PRODUCT_NAME}
          </p>
          <h2
            id="why-title"
            className="mt-3 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl"
          >
            Why choose {PRODUCT_NAME}?
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Studio owners should spend their time coaching, not editing. {PRODUCT_NAME} handles the
            production so your classes keep working for you long after the instructor steps off the
            bike.
          </p>
          <ul className="mt-8 space-y-4">
            {pointList.map((p) => (
              <li key={p} className="flex gap-3">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="text-foreground">{p}</span>
              </li>
            ))}
          </ul>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {TILES.map(({ icon: Icon, value, label }, i) => (
            <li
              key={value}
              className={
                'rounded-2xl border bg-card p-6 shadow-sm' +
                (i % 2 === 1 ? ' sm:translate-y-6' : '')
              }
            >
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <p className="mt-4 text-4xl font-extrabold tracking-tight text-card-foreground">
                {value}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
