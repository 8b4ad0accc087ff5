import { Link2, Palette, Sparkles, Tablet, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';

const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Sparkles,
    title: 'AI-enhanced videos',
    body: 'Background replacement, logo placement, cleaner audio and balanced lighting, applied to every class you upload.',
  },
  {
    icon: Tablet,
    title: 'Tablet-optimized access',
    body: 'Large, touch-friendly class cards built for the tablet on the handlebars, so riders start in one tap.',
  },
  {
    icon: Palette,
    title: 'Custom branding',
    body: 'Your logo, your colors and your studio name on every screen. Your members see your brand, not ours.',
  },
  {
    icon: Link2,
    title: 'Public links',
    body: 'One shareable link to your class library. Students pick a class and ride, no account or app needed.',
  },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-16 px-4 py-20 sm:px-6 lg:px-8 lg:py-28"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your studio needs to go on demand"
          description="From a raw phone recording to a polished, branded class library, without hiring a video team."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="group relative rounded-2xl border bg-card p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary/12 text-primary ring-1 ring-primary/20 transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-card-foreground">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
