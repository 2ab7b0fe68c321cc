export * from './upload-rules';
export * from './magic';
export * from './sizes';
export * from './summary';
export * from './files.dto';
export * from './demo';
export * from './loi';
