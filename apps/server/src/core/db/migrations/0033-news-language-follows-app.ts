import { sql, type Kysely } from 'kysely';

/**
 * News follows the app's language until the reader picks a news language on purpose
 * (features/news/README.md). `news_language_follows_app` says which: while it is true the
 * reader gets news in the language of `users.language` and `news_language` is only the last
 * choice kept; a pick sets it false, "Same as the app" sets it true again.
 *
 * Existing accounts follow the app, since 'en' was only the column's default and says nothing
 * about a choice; only a news language other than English that differs from the account's app
 * language can have been picked on purpose, and stays picked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE users ADD COLUMN news_language_follows_app boolean NOT NULL DEFAULT true;
    UPDATE users SET news_language_follows_app = false
      WHERE news_language <> 'en' AND news_language <> left(language, 2);
  `,
    )
    .execute(db);
}
