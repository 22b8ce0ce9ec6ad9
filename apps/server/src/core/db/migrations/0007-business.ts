import { sql, type Kysely } from 'kysely';

/** Business catalogs and the orders handed to WhatsApp (SPEC.md "Catalog response", "Order"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    -- One catalog per business user.
    CREATE TABLE business_catalogs (
      user_id          integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      does_delivery    boolean NOT NULL DEFAULT false,
      delivery_text    text CHECK (char_length(delivery_text) <= 300),
      -- Metres from the business location within which the catalog is offered.
      delivery_range_m integer CHECK (delivery_range_m BETWEEN 1 AND 1000000),
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE catalog_items (
      id              serial PRIMARY KEY,
      catalog_user_id integer NOT NULL REFERENCES business_catalogs(user_id) ON DELETE CASCADE,
      title           text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
      image_url       text NOT NULL CHECK (char_length(image_url) BETWEEN 1 AND 2048),
      media_object_id integer REFERENCES media_objects(id) ON DELETE SET NULL,
      position        integer NOT NULL DEFAULT 0 CHECK (position >= 0),
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX catalog_items_catalog_idx ON catalog_items (catalog_user_id, position, id);
    CREATE INDEX catalog_items_media_object_idx ON catalog_items (media_object_id);

    CREATE TABLE orders (
      id               serial PRIMARY KEY,
      business_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      customer_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status           text NOT NULL DEFAULT 'placed' CHECK (status IN ('placed', 'handed_off', 'cancelled')),
      -- The business's WhatsApp number at the time of the order (where it was handed off).
      whatsapp_number  text CHECK (whatsapp_number ~ '^[6-9][0-9]{9}$'),
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      CHECK (business_user_id <> customer_id)
    );
    CREATE INDEX orders_business_idx ON orders (business_user_id, created_at DESC);
    CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);

    CREATE TABLE order_items (
      id         serial PRIMARY KEY,
      order_id   integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      -- SPEC.md's slideId: the catalog item shown when the line was added.
      slide_id   integer REFERENCES catalog_items(id) ON DELETE SET NULL,
      title      text NOT NULL CHECK (char_length(title) <= 100),
      text       text NOT NULL CHECK (char_length(btrim(text)) BETWEEN 1 AND 500),
      position   smallint NOT NULL DEFAULT 0 CHECK (position >= 0)
    );
    CREATE INDEX order_items_order_idx ON order_items (order_id, position);
    CREATE INDEX order_items_slide_idx ON order_items (slide_id);
  `,
    )
    .execute(db);
}
