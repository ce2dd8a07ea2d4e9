import { FaultPlan, faultPlanSchema } from './fault-plan';

describe('FaultPlan', () => {
  it('uses the first matching fault and counts it down', () => {
    const plan = new FaultPlan();
    plan.set(
      faultPlanSchema.parse({
        faults: [
          { call: 'debit', mode: 'fail', times: 2 },
          { call: '*', mode: 'slow', delayMs: 5 },
        ],
      }).faults,
    );
    expect(plan.take('debit')?.mode).toBe('fail');
    expect(plan.take('credit')?.mode).toBe('slow');
    expect(plan.take('debit')?.mode).toBe('fail');
    expect(plan.take('debit')?.mode).toBe('slow');
    expect(plan.list()).toHaveLength(1);
  });

  it('refuses unknown modes and calls', () => {
    expect(faultPlanSchema.safeParse({ faults: [{ call: 'debit', mode: 'explode' }] }).success).toBe(false);
    expect(faultPlanSchema.safeParse({ faults: [{ call: 'steal', mode: 'fail' }] }).success).toBe(false);
  });
});
