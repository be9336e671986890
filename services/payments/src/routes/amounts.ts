// GET /common/cardAmount (001 §3 "Payment amounts", §7): the card's prices and limits in US cents,
// from configuration with the seeds' values as defaults (docs/payments.md "Card amounts").
import type { AppInstance } from '@aipay/kit';
import { ok } from '@aipay/contracts';
import type { Ctx } from '../context.js';

export function cardAmounts(config: Ctx['config']) {
  return {
    openCardAmount: config.OPEN_CARD_AMOUNT,
    twoYearCardAmount: config.TWO_YEAR_CARD_AMOUNT,
    /** What a year costs on the two-year card, rounded down to the cent. */
    averageYearAmount: Math.floor(config.TWO_YEAR_CARD_AMOUNT / 2),
    invitationCodeDiscount: config.INVITATION_CODE_DISCOUNT,
    fee: config.OPENING_FEE,
    deposit: config.CARD_DEPOSIT,
    limitUnverified: config.MONTHLY_LIMIT_UNVERIFIED,
    limitVerified: config.MONTHLY_LIMIT_VERIFIED,
  };
}

export function amountRoutes(app: AppInstance, ctx: Ctx): void {
  app.get('/common/cardAmount', async () => ok(cardAmounts(ctx.config)));
}
