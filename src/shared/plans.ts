export type PlanId = 'spin-starter' | 'power-cycle' | 'spin-master' | 'elite-studio';

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per month. */
  price: number;
  interval: 'month';
  description: string;
  features: string[];
  videoLimit: number;
  isPopular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'spin-starter',
    name: 'Spin Starter',
    price: 0,
    interval: 'month',
    description: 'Try Cadence with your first classes.',
    features: ['Up to 2 videos', 'Basic AI enhancement', 'Standard quality', 'Email support'],
    videoLimit: 2,
    isPopular: false,
  },
  {
    id: 'power-cycle',
    name: 'Power Cycle',
    price: 99,
    interval: 'month',
    description: 'For growing studios building a class library.',
    features: [
      'Up to 10 videos',
      'Advanced AI enhancement',
      'HD quality',
      'Custom branding',
      'Priority support',
      'Analytics dashboard',
    ],
    videoLimit: 10,
    isPopular: false,
  },
  {
    id: 'spin-master',
    name: 'Spin Master',
    price: 199,
    interval: 'month',
    description: 'The full studio experience for busy gyms.',
    features: [
      'Up to 25 videos',
      'Premium AI enhancement',
      'HD quality',
      'Full branding',
      'Priority support',
      'Advanced analytics',
      'Custom domain',
    ],
    videoLimit: 25,
    isPopular: true,
  },
  {
    id: 'elite-studio',
    name: 'Elite Studio',
    price: 349,
    interval: 'month',
    description: 'For multi-location brands and franchises.',
    features: [
      'Up to 50 videos',
      'Premium AI enhancement',
      '4K quality',
      'Full customization',
      'Dedicated support',
      'Advanced analytics',
      'Multi-location',
      'API access',
    ],
    videoLimit: 50,
    isPopular: false,
  },
];

export function formatPrice(plan: Plan): string {
  return plan.price === 0 ? 'Free' : `$${plan.price}`;
}
