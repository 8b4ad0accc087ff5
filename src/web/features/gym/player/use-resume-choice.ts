import { useState } from 'react';

export type ResumeChoice = 'resume' | 'start-over';

/**
 * Where the class starts, given where this tablet stopped (`stoppedAt`: seconds, 0 for nothing to
 * resume, null while it is not known yet) and the rider's answer to the resume prompt: nothing
 * loads until a class in progress has been answered.
 */
export function startFrom(stoppedAt: number | null, choice: ResumeChoice | null): number | null {
  if (stoppedAt === null) return null;
  if (stoppedAt === 0 || choice === 'start-over') return 0;
  return choice === 'resume' ? stoppedAt : null;
}

/** The resume prompt: offered on a return to a class in progress ("Resume at 5:30" or "Start over"). */
export function useResumeChoice(stoppedAt: number | null) {
  const [choice, setChoice] = useState<ResumeChoice | null>(null);
  return {
    /** The position to offer, while the rider has not answered. */
    offer: stoppedAt && choice === null ? stoppedAt : null,
    startAt: startFrom(stoppedAt, choice),
    choose: setChoice,
  };
}
