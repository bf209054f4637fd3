export * from './device';
export * from './fleet';
export * from './register';
