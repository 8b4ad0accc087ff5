import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@web/components/ui/accordion';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

const FAQ = [
  {
    q: 'When do plan changes take effect?',
    a: 'Plan changes take effect immediately: a larger plan raises your video limit the moment you choose it.',
  },
  {
    q: 'Is there a money-back guarantee?',
    a: 'Yes. Every paid plan comes with a 30-day money-back guarantee.',
  },
  {
    q: 'What counts towards my video limit?',
    a: 'Every video in your library, whatever its processing status. Deleting a video frees its place.',
  },
  {
    q: 'Can I move to a smaller plan?',
    a: 'Yes, as long as your library fits its limit. If you have more videos than the plan allows, delete some first; a plan change never deletes your videos. When a paid subscription ends, every video stays in your library and on your gym page, and new uploads wait until you are within the limit.',
  },
] as const;

const BILLED = {
  q: 'How am I billed today?',
  manual:
    'Billing is not connected yet, so no card is charged and no invoices are issued. Your plan is recorded and applied right away.',
  stripe:
    'Stripe charges your card each month. Moving to a larger plan charges the difference for the rest of the month at once; cancelling keeps your plan until the end of the month you paid for. If a payment fails, you keep your plan for 7 days while Stripe retries. Your invoices are under View Invoices.',
} as const;

/** The FAQ; how billing works depends on whether Stripe is connected. */
export function SubscriptionFaq({ connected }: { connected: boolean }) {
  const faq = [...FAQ, { q: BILLED.q, a: connected ? BILLED.stripe : BILLED.manual }];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Frequently Asked Questions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Accordion type="multiple">
          {faq.map(({ q, a }) => (
            <AccordionItem key={q} value={q}>
              <AccordionTrigger>{q}</AccordionTrigger>
              <AccordionContent>{a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </CardContent>
    </Card>
  );
}
