import { Rocket, Upload, Wand2, type LucideIcon } from 'lucide-react';
import { useEnhancementTimeText } from '@web/lib/processing-time';
import { SectionHeading } from './section-heading';

const steps = (enhancementTime: string): { icon: LucideIcon; title: string; body: string }[] => [
  {
    icon: Upload,
    title: 'Upload',
    body: 'Drop in a raw class recording (MP4, MOV, AVI or WebM) and tell us how you want it to look.',
  },
  {
    icon: Wand2,
    title: 'AI Enhancement',
    body: `We replace the background, place your logo, clean up audio and lighting. Classes are ${enhancementTime}.`,
  },
  {
    icon: Rocket,
    title: 'Launch & Engage',
    body: 'Share your public link. Riders pick a class on the tablet and you watch engagement grow.',
  },
];

export function StepsSection() {
  const stepList = steps(useEnhancementTimeText());
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="scroll-mt-16 px-4 py-20 sm:px-6 lg:px-8 lg:py-28"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="From recording to ride in three steps"
          description="No editing skills needed. You film, we polish, your members ride."
        />
        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="absolute top-8 right-[16%] left-[16%] hidden h-px bg-gradient-to-r from-transparent via-primary/40 to-transparent md:block"
          />
          <ol className="relative grid gap-10 md:grid-cols-3 md:gap-6">
            {stepList.map(({ icon: Icon, title, body }, i) => (
              <li key={title} className="relative flex flex-col items-center text-center">
                <span className="relative flex size-16 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/25">
                  <Icon aria-hidden="true" className="size-7" />
                  <span
                    aria-hidden="true"
                    className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full border-2 border-background bg-foreground text-xs font-bold text-background"
                  >
                    {i + 1}
                  </span>
                </span>
                <h3 className="mt-6 text-xl font-semibold text-foreground">
                  <span className="sr-only">Step {i + 1}: </span>
                  {title}
                </h3>
                <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">
                  {body}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
