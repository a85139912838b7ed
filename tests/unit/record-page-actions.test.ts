/** The record page offers only the movements the animal's state allows (the engine still judges each). */
import { describe, expect, it } from 'vitest';
import { offeredActions } from '../../src/renderer/src/areas/pets/movement-actions';
import type { AnimalRecord, FosterPlacement, Reservation, Stay } from '../../src/shared/movements';

const person = { id: 7, name: 'Ada Adopter', forgotten: false };

function stay(fields: Partial<Stay> = {}): Stay {
  return {
    id: 1,
    petId: 3,
    intakeType: 'stray',
    transferFrom: null,
    intakeAt: 1_000,
    intakePerson: null,
    intakeReason: null,
    intakeCondition: null,
    outcomeType: null,
    outcomeAt: null,
    outcomePerson: null,
    outcomeReason: null,
    transferTo: null,
    receivingOrganisation: null,
    fee: null,
    feeMethod: null,
    reservations: [],
    fosters: [],
    ...fields,
  };
}

function record(stays: Stay[]): AnimalRecord {
  const openStay = stays.find((each) => each.outcomeAt === null) ?? null;
  return {
    pet: {
      id: 3,
      name: 'Pepper',
      categoryId: 1,
      status: 'available',
      createdAt: 0,
      updatedAt: 0,
      version: 1,
      departure: null,
    },
    cover: null,
    location: { kind: 'kennel', kennel: null },
    daysInCare: openStay ? 0 : null,
    openStay,
    activeReservation: openStay?.reservations.find((each) => each.endedAt === null) ?? null,
    stays,
    events: [],
    statusHistory: [],
  };
}

const reservation: Reservation = {
  id: 4,
  stayId: 1,
  petId: 3,
  person,
  reservedAt: 2_000,
  expiresAt: null,
  endedAt: null,
  end: null,
  lapsedAt: null,
};
const NOW = 10_000;
const foster: FosterPlacement = {
  id: 5,
  stayId: 1,
  petId: 3,
  person,
  startedAt: 2_000,
  expectedEndAt: null,
  endedAt: null,
};

describe('the movements a record page offers', () => {
  it('follows the animal through its stays', () => {
    expect(offeredActions(record([]), NOW)).toEqual(['intake']);
    expect(offeredActions(record([stay({ intakeType: 'unknown' })]), NOW)).toEqual([
      'intake',
      'reserve',
      'adopt',
      'fosterStart',
      'outcome',
    ]);
    expect(offeredActions(record([stay()]), NOW)).toEqual(['reserve', 'adopt', 'fosterStart', 'outcome']);
    expect(offeredActions(record([stay({ fosters: [foster] })]), NOW)).toEqual([
      'reserve',
      'adopt',
      'fosterEnd',
      'outcome',
    ]);
    expect(offeredActions(record([stay({ reservations: [reservation] })]), NOW)).toEqual([
      'cancelReservation',
      'adopt',
      'fosterStart',
      'outcome',
    ]);
    // An "unknown" stay with something recorded in it is no longer made precise by an intake.
    expect(
      offeredActions(record([stay({ intakeType: 'unknown', fosters: [{ ...foster, endedAt: 3_000 }] })]), NOW),
    ).toEqual(['reserve', 'adopt', 'fosterStart', 'outcome']);
    expect(
      offeredActions(record([stay({ outcomeType: 'adoption', outcomeAt: 5_000, outcomePerson: person })]), NOW),
    ).toEqual(['return', 'intake']);
    // Past its expiry, a reservation can be renewed (reserve again) or cancelled.
    expect(offeredActions(record([stay({ reservations: [{ ...reservation, expiresAt: 9_000 }] })]), NOW)).toEqual([
      'reserve',
      'cancelReservation',
      'adopt',
      'fosterStart',
      'outcome',
    ]);
    expect(offeredActions(record([stay({ reservations: [{ ...reservation, expiresAt: 11_000 }] })]), NOW)).toEqual([
      'cancelReservation',
      'adopt',
      'fosterStart',
      'outcome',
    ]);
    expect(offeredActions(record([stay({ outcomeType: 'transfer_out', outcomeAt: 5_000 })]), NOW)).toEqual(['intake']);
  });
});
