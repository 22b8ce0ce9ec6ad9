/**
 * Shedding would depend on the machine's load (the event loop's delay, the heap) and on what
 * else a file's apps start (two apps on one embedded database queue their start-up reads
 * together): off in every test app and test process. A file that tests shedding sets a measure
 * and holds the read pool (hold-read-pool.ts).
 */
export const NO_SHEDDING = { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_HEAP_USED_PERCENT: '0', SHED_DB_WAITING: '0' } as const;
