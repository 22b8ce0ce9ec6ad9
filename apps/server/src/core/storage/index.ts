export { assertSafeKey, type Storage } from './storage';
export { createLocalStorage } from './local-storage';
