/**
 * Which person of the register a staff login is (a foster's login sees only the animals placed with
 * that person), and the person an invitation will link its member to. Tables of their own beside the
 * staff's, owned by the staff store. drizzle-kit reads this file too (drizzle.config.ts).
 */
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { people } from './schema-movements';
import { staffInvites, staffMembers } from './schema-staff';

export const staffPeople = sqliteTable('staff_people', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  personId: integer('person_id')
    .notNull()
    .references(() => people.id),
});

export const staffInvitePeople = sqliteTable('staff_invite_people', {
  inviteId: integer('invite_id')
    .primaryKey()
    .references(() => staffInvites.id, { onDelete: 'cascade' }),
  personId: integer('person_id')
    .notNull()
    .references(() => people.id),
});
