export * from './route';
export * from './templates';
export * from './devices';
export * from './device-registrations';
export * from './users';
export * from './manufacturers';
export * from './accounts';
export * from './messages';
