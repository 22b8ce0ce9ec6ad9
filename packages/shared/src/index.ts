export * from './constants';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/user';
export * from './domain/age';
export * from './domain/coordinates';
