export * from './audit';
export * from './errors';
export * from './geography';
export * from './ids';
export * from './paging';
export * from './permissions';
export * from './roles';
export * from './tenancy';
