/** The window words a transfer out refused for its destination itself, under the field it is about; other validation stays the dialog's general failure. */
import { describe, expect, it, vi } from 'vitest';
import { movementRefusal } from '../../src/renderer/src/areas/pets/movement-words';
import { AdminCallError } from '../../src/renderer/src/client/transport';
import { outcomeTitle } from '../../src/renderer/src/domain/movements/movement-words';

// The transport reads the window as it loads (the preload's bridge, the page's token): a bare one in browser mode.
vi.hoisted(() =>
  Object.assign(globalThis, {
    window: {
      location: { hash: '', pathname: '/', search: '' },
      sessionStorage: { getItem: () => null, setItem: () => {} },
      history: { replaceState: () => {} },
    },
  }),
);

const refused = (details: Record<string, unknown> | undefined) =>
  new AdminCallError({
    code: 'validation_failed',
    status: 400,
    message: 'transferTo: is required for a transfer out',
    details: details as never,
  });

describe('a refused destination in the outcome dialog', () => {
  it('goes under its field, in the window’s words', () => {
    expect(movementRefusal(refused({ field: 'transferTo', reason: 'transfer_destination_missing' }))).toEqual({
      field: 'transferTo',
      message: 'Choose where it went',
    });
    expect(movementRefusal(refused({ field: 'transferTo', reason: 'transfer_destination_unknown' }))).toEqual({
      field: 'transferTo',
      message: 'Choose in state, out of state or abroad',
    });
    expect(
      movementRefusal(refused({ field: 'receivingOrganisation', reason: 'transfer_destination_not_transfer' })),
    ).toEqual({ field: 'receivingOrganisation', message: 'Only for a transfer out' });
  });

  it('leaves other validation to the dialog’s general failure', () => {
    expect(movementRefusal(refused(undefined))).toBeNull();
    expect(movementRefusal(refused({ field: 'adoptionFee', reason: 'fee_decimals' }))).toBeNull();
  });
});

describe('the timeline’s title of an outcome', () => {
  it('says where a transfer went, and nothing made up for one recorded without', () => {
    expect(
      outcomeTitle({
        outcomeType: 'transfer_out',
        transferTo: 'out_of_state',
        receivingOrganisation: 'Northside Rescue',
      }),
    ).toBe('Transferred to Northside Rescue (out of state)');
    expect(outcomeTitle({ outcomeType: 'transfer_out', transferTo: 'abroad', receivingOrganisation: null })).toBe(
      'Transferred out (abroad)',
    );
    expect(outcomeTitle({ outcomeType: 'transfer_out', transferTo: null, receivingOrganisation: null })).toBe(
      'Transferred out',
    );
    expect(outcomeTitle({ outcomeType: 'euthanasia', transferTo: null, receivingOrganisation: null })).toBe(
      'Euthanasia',
    );
  });
});
