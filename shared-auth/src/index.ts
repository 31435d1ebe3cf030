export * from './session';
export * from './store';
export * from './writer';
export * from './universities-cache';
export * from './notices';
