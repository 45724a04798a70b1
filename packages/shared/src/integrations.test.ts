import { describe, expect, it } from 'vitest';
import { CARD_PAYMENT_INTEGRATION_KEY, isPaymentIntegrationActive } from './integrations.js';

const pivot = (activated_at: string | null) => ({ pivot: { activated_at } });

describe('isPaymentIntegrationActive (spec §4)', () => {
  it.each([
    ['no integrations', [], false],
    ['the payment integration never switched on', [{ key_name: CARD_PAYMENT_INTEGRATION_KEY, companies: [] }], false],
    [
      'the payment integration switched off again',
      [{ key_name: CARD_PAYMENT_INTEGRATION_KEY, companies: [pivot(null)] }],
      false,
    ],
    ['another integration active', [{ key_name: 'zoom', companies: [pivot('2026-01-05T09:00:00Z')] }], false],
    [
      'the payment integration active',
      [{ key_name: CARD_PAYMENT_INTEGRATION_KEY, companies: [pivot('2026-01-05T09:00:00Z')] }],
      true,
    ],
    [
      'one company of several active',
      [{ key_name: CARD_PAYMENT_INTEGRATION_KEY, companies: [pivot(null), pivot('2026-01-05T09:00:00Z')] }],
      true,
    ],
    ['a company without a pivot', [{ key_name: CARD_PAYMENT_INTEGRATION_KEY, companies: [{ pivot: null }] }], false],
    ['no companies field at all', [{ key_name: CARD_PAYMENT_INTEGRATION_KEY }], false],
  ])('%s → %s', (_case, list, expected) => {
    expect(isPaymentIntegrationActive(list)).toBe(expected);
  });
});
