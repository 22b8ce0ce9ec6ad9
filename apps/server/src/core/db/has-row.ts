/** Whether a query finds a row: the one form of the "has … / is …" checks of the repositories. */
export async function hasRow(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}
