import { sql, type InsertObject, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Permission } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { UsersTable } from '../../core/db/tables/users';
import { geoPoint } from '../../core/db/geo';

export type UserRow = Selectable<UsersTable>;

/** Replaces one of a user's lists (emergency contacts, saved places) with `rows`, kept in their order. */
async function replaceList<T extends 'emergency_contacts' | 'saved_locations'>(
  trx: Kysely<Database>,
  table: T,
  userId: number,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  // Both tables hold user_id; naming one lets Kysely type the filter.
  await trx
    .deleteFrom(table as 'emergency_contacts')
    .where('user_id', '=', userId)
    .execute();
  if (rows.length > 0) await trx.insertInto(table).values(rows).execute();
}

export interface ContactRow {
  name: string;
  phone_number: string;
  relation: string | null;
}

export interface LocationRow {
  id: number;
  name: string;
  is_business_location: boolean;
  is_volunteer_location: boolean;
  longitude: number;
  latitude: number;
}

export interface UserRecord {
  user: UserRow;
  permissions: Permission[];
  contacts: ContactRow[];
  locations: LocationRow[];
}

export interface NewContact {
  name: string;
  phoneNumber: string;
  relation: string | null;
}

export interface NewLocation {
  name: string;
  isBusinessLocation: boolean;
  isVolunteerLocation: boolean;
  longitude: number;
  latitude: number;
}

export type UserColumnsPatch = Omit<Updateable<UsersTable>, 'id' | 'phone_number' | 'referral_id' | 'created_at' | 'first_dob'>;

/** The dates of birth of an account: the current one and the first ever given. */
export interface StoredDob {
  dob: string | null;
  firstDob: string | null;
}

/** Users with their contacts, saved places and permissions. The only SQL of this feature. */
export function createUsersRepository(ref: DbRef) {
  return {
    /** Everything `User` needs, in four indexed reads (by primary key / user_id). */
    async findById(id: number, db: Kysely<Database> = ref.db): Promise<UserRecord | undefined> {
      const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!user) return undefined;
      const [permissions, contacts, locations] = await Promise.all([
        db.selectFrom('user_permissions').select('permission').where('user_id', '=', id).orderBy('permission').execute(),
        db.selectFrom('emergency_contacts').select(['name', 'phone_number', 'relation']).where('user_id', '=', id).orderBy('position').orderBy('id').execute(),
        db
          .selectFrom('saved_locations')
          .select([
            'id',
            'name',
            'is_business_location',
            'is_volunteer_location',
            sql<number>`ST_X(location::geometry)`.as('longitude'),
            sql<number>`ST_Y(location::geometry)`.as('latitude'),
          ])
          .where('user_id', '=', id)
          .orderBy('position')
          .orderBy('id')
          .execute(),
      ]);
      return {
        user,
        permissions: permissions.map((p) => p.permission as Permission),
        contacts,
        locations,
      };
    },

    /**
     * Applies a profile change in one transaction: columns, then the lists, each replaced
     * whole when given. A failure anywhere leaves the stored profile untouched.
     *
     * When the change sets `dob`, the user's row is locked first and `checkDob` sees the stored
     * dates (throwing rolls everything back); `first_dob` keeps the first date ever given.
     * `checkContactNames` sees the names of the stored contacts before the list is replaced
     * (names kept from before the name rule pass; throwing rolls everything back).
     */
    async update(
      id: number,
      change: {
        columns: UserColumnsPatch;
        contacts?: NewContact[] | undefined;
        locations?: NewLocation[] | undefined;
        checkDob?: ((stored: StoredDob) => void) | undefined;
        checkContactNames?: ((storedNames: readonly string[]) => void) | undefined;
      },
    ): Promise<void> {
      await ref.db.transaction().execute(async (trx) => {
        const { dob } = change.columns;
        if (dob !== undefined) {
          const stored = await trx.selectFrom('users').select(['dob', 'first_dob']).where('id', '=', id).forUpdate().executeTakeFirst();
          if (stored) change.checkDob?.({ dob: stored.dob, firstDob: stored.first_dob });
        }
        // first_dob is set once: the stored first date, else the current one (accounts from before 0014), else this one.
        const firstDob = dob === undefined ? {} : { first_dob: sql<string | null>`COALESCE(first_dob, dob, ${dob}::date)` };
        await trx
          .updateTable('users')
          .set({ ...change.columns, ...firstDob, updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
        if (change.contacts) {
          if (change.checkContactNames) {
            const stored = await trx.selectFrom('emergency_contacts').select('name').where('user_id', '=', id).execute();
            change.checkContactNames(stored.map((row) => row.name));
          }
          const contacts = change.contacts.map((c, position) => ({ user_id: id, name: c.name, phone_number: c.phoneNumber, relation: c.relation, position }));
          await replaceList(trx, 'emergency_contacts', id, contacts);
        }
        if (change.locations) {
          const locations = change.locations.map((l, position) => ({
            user_id: id,
            name: l.name,
            is_business_location: l.isBusinessLocation,
            is_volunteer_location: l.isVolunteerLocation,
            location: geoPoint(l),
            position,
          }));
          await replaceList(trx, 'saved_locations', id, locations);
        }
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
