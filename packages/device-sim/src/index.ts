export * from './device';
export * from './fleet';
export * from './register';
export * from './escpos';
