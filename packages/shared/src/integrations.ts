// Without zod: the learner frame asks whether payment is on, within issue 11's byte budget.

/**
 * The card payment provider (spec §4: "payment integration is active when the integration whose key_name is that of
 * the card payment provider has a company with a non-null activated_at"). Kampus's first market is Turkey, where
 * iyzico is the usual card processor for subscriptions and course purchases.
 */
export const CARD_PAYMENT_INTEGRATION_KEY = 'iyzico';

/**
 * Spec §4: the card payment integration is active when the integration keyed as the card payment provider has a
 * company with a non-null activated_at. The list is the session's (`by_user=true`), so any such company is its own.
 */
export function isPaymentIntegrationActive(
  list: readonly { key_name: string; companies?: readonly { pivot?: { activated_at?: string | null } | null }[] }[],
): boolean {
  return list.some(
    (integration) =>
      integration.key_name === CARD_PAYMENT_INTEGRATION_KEY &&
      (integration.companies ?? []).some((company) => company.pivot?.activated_at != null),
  );
}
