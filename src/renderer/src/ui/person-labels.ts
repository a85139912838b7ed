/** A person's fields in words, wherever one is named outside its dialog: an edit conflict's rows, the Audit page's changes. */
export const PERSON_FIELD_LABEL = {
  name: 'Name',
  kind: 'Kind',
  roles: 'Roles',
  phones: 'Phones',
  email: 'Email',
  address: 'Address',
  postcode: 'Postcode',
  idChecked: 'ID checked',
  idCheckedWhat: 'Which ID',
  notes: 'Notes',
  doNotAdopt: 'Do not adopt to',
  doNotAdoptReason: 'Why not adopt to',
  fosterApproved: 'Approved foster home',
  fosterCapacity: 'Foster capacity',
  fosterSpecies: 'Species it fosters',
} as const;
