/** Current time. Injected so tests can move time instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
