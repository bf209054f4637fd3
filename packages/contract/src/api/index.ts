export * from './route';
export * from './templates';
