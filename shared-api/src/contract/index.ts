export * from './constants';
export * from './schemas';
export * from './pages';
export * from './page-manifest-schema';
export * from './intakes';
export * from './drafts';
export * from './fees';
export * from './fee-rules';
