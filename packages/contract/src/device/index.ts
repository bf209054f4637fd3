export * from './enums';
export * from './protocol';
