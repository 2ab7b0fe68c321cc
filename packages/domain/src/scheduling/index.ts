export * from './zones';
export * from './date-input';
export * from './slots';
export * from './places';
export * from './query-text';
export * from './dto';
export * from './booking';
export * from './calls';
