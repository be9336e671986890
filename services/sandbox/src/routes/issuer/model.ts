// The issuer's records: a card with its balance (US cents) and every movement on it.
import { randomBytes } from 'node:crypto';
import type { IssuerPlatform } from '@aipay/pay-protocols';
import type { BillingAddress } from './cards.js';

export type CardStatus = 'active' | 'frozen' | 'cancelled';
export type TransactionType = 'topUp' | 'withdraw' | 'authorisation' | 'decline' | 'reversal' | 'refund' | 'fee';
export type DeclineReason = 'insufficient_balance' | 'card_frozen' | 'card_cancelled' | 'card_expired' | 'do_not_honour';

export interface Merchant {
  name: string;
  /** ISO 18245 merchant category code. */
  mcc: string;
  /** ISO 3166 alpha-2. */
  country: string;
  city?: string;
}

export interface Holder {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
}

export interface IssuerTransaction {
  transactionId: string;
  type: TransactionType;
  status: 'succeeded' | 'declined';
  /** US cents, always positive; `type` says which way it went (declines move nothing). */
  amount: number;
  balanceAfter: number;
  /** The caller's id of a top-up or withdrawal (or of the issue / cancel that made it). */
  requestId?: string;
  merchant?: Merchant;
  /** What the merchant charged in its own currency, when not USD. */
  merchantAmount?: number;
  merchantCurrency?: string;
  crossBorder?: boolean;
  declineReason?: DeclineReason;
  feeType?: 'cross_border';
  /** A reversal's or refund's authorisation; a fee's charge. */
  relatedTransactionId?: string;
  /** Of an authorisation: what reversals and refunds have given back so far. */
  returned?: number;
  createdAt: string;
}

export interface IssuerCard {
  cardId: string;
  platform: IssuerPlatform;
  /** The caller's id of the issue request. */
  requestId: string;
  brand: 'visa' | 'mastercard';
  number: string;
  /** `MM/YY`. */
  expiry: string;
  cvv: string;
  validityYears: number;
  holder: Holder;
  billingAddress: BillingAddress;
  status: CardStatus;
  balance: number;
  currency: 'USD';
  /** What issuing cost the reserve, initial amount apart. */
  issueFee: number;
  label?: string;
  createdAt: string;
  updatedAt: string;
  /** Oldest first. */
  transactions: IssuerTransaction[];
}

const alnum = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

/** QbitBudget `qbc_…` / `qbt_…`, Corpay `cp_card_…` / `cp_txn_…`. */
export function newCardId(platform: IssuerPlatform): string {
  return platform === 'qbitbudget' ? `qbc_${alnum(20)}` : `cp_card_${alnum(20)}`;
}

export function newTransactionId(platform: IssuerPlatform): string {
  return platform === 'qbitbudget' ? `qbt_${alnum(24)}` : `cp_txn_${alnum(24)}`;
}

/** The card as the API shows it: number and CVV only through `/secure`. */
export function publicCard(card: IssuerCard) {
  const { number, cvv: _cvv, transactions: _transactions, ...rest } = card;
  return { ...rest, last4: number.slice(-4), maskedNumber: `${number.slice(0, 6)}******${number.slice(-4)}` };
}

export function secureCard(card: IssuerCard) {
  return { cardId: card.cardId, number: card.number, expiry: card.expiry, cvv: card.cvv, holderName: `${card.holder.firstName} ${card.holder.lastName}`, billingAddress: card.billingAddress };
}

/** A transaction as the API and the webhooks show it. */
export function transactionView(card: IssuerCard, transaction: IssuerTransaction) {
  return { cardId: card.cardId, currency: card.currency, ...transaction };
}
