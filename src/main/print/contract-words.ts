import type { PublishedWords } from '../publishing/words/words';

/** How an adoption fee was paid; `waived` prints the fee as waived whatever its amount. */
export type AdoptionPaidHow = 'cash' | 'card' | 'transfer' | 'waived' | 'other';

/** Every word the contract prints, from the shelter's language's catalogue (publishing/words/). */
export function contractWords({ t, locales }: PublishedWords) {
  return {
    locale: locales.contract,
    title: t('contract.title'),
    subtitle: (reference: string, date: string) => t('contract.subtitle', { reference, date }),
    /** The PDF's title, shown by viewers: the one piece of metadata. */
    documentTitle: (animal: string) => t('contract.documentTitle', { animal }),
    footer: (reference: string) => t('contract.footer', { reference }),
    sections: {
      animal: t('contract.sections.animal'),
      adopter: t('contract.sections.adopter'),
      adoption: t('contract.sections.adoption'),
      terms: t('contract.sections.terms'),
      signatures: t('contract.sections.signatures'),
    },
    animal: {
      name: t('contract.animal.name'),
      id: t('contract.animal.id'),
      species: t('contract.animal.species'),
      breed: t('contract.animal.breed'),
      sex: t('contract.animal.sex'),
      born: t('contract.animal.born'),
      age: t('contract.animal.age'),
      colour: t('contract.animal.colour'),
      microchip: t('contract.animal.microchip'),
      intake: t('contract.animal.intake'),
    },
    adopter: {
      name: t('contract.adopter.name'),
      address: t('contract.adopter.address'),
      phone: t('contract.adopter.phone'),
      phones: t('contract.adopter.phones'),
      email: t('contract.adopter.email'),
      idChecked: t('contract.adopter.idChecked'),
    },
    adoption: {
      date: t('contract.adoption.date'),
      fee: t('contract.adoption.fee'),
      paid: t('contract.adoption.paid'),
      staff: t('contract.adoption.staff'),
    },
    notRecorded: t('contract.notRecorded'),
    checked: (what: string | null) => (what ? t('contract.checkedWhat', { what }) : t('contract.checked')),
    notChecked: t('contract.notChecked'),
    feeWaived: t('contract.feeWaived'),
    noFee: t('contract.noFee'),
    paidHow: {
      cash: t('contract.paidHow.cash'),
      card: t('contract.paidHow.card'),
      transfer: t('contract.paidHow.transfer'),
      waived: t('contract.paidHow.waived'),
      other: t('contract.paidHow.other'),
    } satisfies Record<AdoptionPaidHow, string>,
    noTerms: t('contract.noTerms'),
    agreement: t('contract.agreement'),
    adopterSigns: t('contract.adopterSigns'),
    shelterSigns: (shelter: string) => t('contract.shelterSigns', { shelter }),
    signature: t('contract.signature'),
    printedName: t('contract.printedName'),
    date: t('contract.date'),
    page: (page: number, pages: number) => t('contract.page', { page, pages }),
    signedOn: (when: string) => t('contract.signedOn', { when }),
    signedBy: (name: string) => t('contract.signedBy', { name }),
    textHash: (hash: string) => t('contract.textHash', { hash }),
    replaces: (id: number, when: string) => t('contract.replaces', { id, when }),
  };
}
export type ContractWords = ReturnType<typeof contractWords>;
