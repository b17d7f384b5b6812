import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../shared/api/request';
import { checkBalance, describeUnlockFailure, unlockedNotice } from './balance-unlock';

describe('checkBalance', () => {
  it('waits while the balance is loading and lets the server decide when it failed to load', () => {
    expect(checkBalance(undefined, 450, false)).toEqual({ kind: 'loading' });
    expect(checkBalance(undefined, 450, true)).toEqual({ kind: 'unknown' });
  });

  it('allows paying when the balance covers the price, to the cent', () => {
    expect(checkBalance({ balanceCents: 450 }, 450, false)).toEqual({ kind: 'enough' });
    expect(checkBalance({ balanceCents: 1000 }, 450, false)).toEqual({ kind: 'enough' });
  });

  it('names the shortfall when the balance is too small', () => {
    expect(checkBalance({ balanceCents: 449 }, 450, false)).toEqual({
      kind: 'short',
      shortfallCents: 1,
    });
    expect(checkBalance({ balanceCents: 0 }, 700, false)).toEqual({
      kind: 'short',
      shortfallCents: 700,
    });
  });
});

describe('describeUnlockFailure', () => {
  it('reads the amounts of a 402 from the server', () => {
    const error = new RequestError(402, 'Not enough balance', {
      error: 'Not enough balance',
      code: 'insufficient_balance',
      balanceCents: 50,
      priceCents: 300,
    });
    expect(describeUnlockFailure(error)).toEqual({
      kind: 'insufficient',
      balanceCents: 50,
      priceCents: 300,
    });
  });

  it('still knows a 402 without amounts (or with an unexpected body) is a lack of balance', () => {
    expect(describeUnlockFailure(new RequestError(402, 'Error 402', null))).toEqual({
      kind: 'insufficient',
      balanceCents: null,
      priceCents: null,
    });
    expect(describeUnlockFailure(new RequestError(402, 'no', '<html>'))).toEqual({
      kind: 'insufficient',
      balanceCents: null,
      priceCents: null,
    });
  });

  it('reads a 409 as an item that is already the fan’s', () => {
    const error = new RequestError(409, 'You already have access to this item', {});
    expect(describeUnlockFailure(error)).toEqual({ kind: 'alreadyOwned' });
  });

  it('passes any other failure on with its message', () => {
    expect(describeUnlockFailure(new RequestError(400, 'This item is free', {}))).toEqual({
      kind: 'failed',
      message: 'This item is free',
    });
    expect(describeUnlockFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'failed',
      message: 'Failed to fetch',
    });
  });
});

describe('unlockedNotice', () => {
  it('keeps what was charged and the new balance, in the wallet currency', () => {
    const notice = unlockedNotice(
      {
        itemId: 7,
        chargedCents: 450,
        balanceCents: 550,
        replayed: false,
        product: {} as never,
      },
      'eur',
    );
    expect(notice).toEqual({
      kind: 'unlocked',
      chargedCents: 450,
      balanceCents: 550,
      currency: 'eur',
    });
  });
});
