export { authPlugin, authServiceOf } from './auth.plugin';
export type { AuthService } from './auth.service';
