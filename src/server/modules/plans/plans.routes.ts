import type { FastifyInstance } from 'fastify';
import { changePlanBody, type ChangePlanResponse } from '@shared/plans.contract';
import type { Db } from '../../db/client';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { toPublicUser } from '../auth/public-user';
import { manualBilling, type BillingProvider } from './billing-provider';
import { plansRepository } from './plans.repository';
import { plansService } from './plans.service';

interface Deps {
  db: Db;
  guards: Guards;
  /** The billing seam; the 'manual' adapter until a payment provider is connected. */
  billing?: BillingProvider;
}

/** Plans (spec §3, §9), the owner's subscription and plan changes. */
export function plansRoutes(app: FastifyInstance, { db, guards, billing = manualBilling() }: Deps): void {
  const plans = plansService(plansRepository(db), billing);

  app.get('/api/plans', async (request, reply) => {
    const user = await guards.user(request, reply);
    return plans.list(user);
  });

  app.get('/api/auth/subscription', async (request, reply) => {
    const user = await guards.user(request, reply);
    return plans.subscription(user);
  });

  app.put('/api/auth/plan', async (request, reply) => {
    const user = await guards.user(request, reply);
    const { planId } = parse(changePlanBody, request.body);
    const result = await plans.changePlan(user, planId);
    const body: ChangePlanResponse = {
      message: result.changed
        ? `You are now on ${result.subscription.plan.name}.`
        : `You are already on ${result.subscription.plan.name}.`,
      subscription: result.subscription,
      user: toPublicUser(result.user),
    };
    return body;
  });
}
