/**
 * The paging of every list the server pages by cursor (`{ items, nextCursor }`): the first page
 * without a cursor, each next one with the cursor the last page gave, none after a null. Spread
 * into `useInfiniteQuery({ queryKey, queryFn, ...CURSOR_PAGING })`.
 */
export const CURSOR_PAGING = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};
