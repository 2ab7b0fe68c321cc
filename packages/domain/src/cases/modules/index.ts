import type { CaseModuleDeclaration } from './define';
import { ImeModule } from './ime';
import { FileReviewModule, SupplementaryModule } from './supplementary';
import { MvaModule } from './mva';
import { NdisModule } from './ndis';

export * from './define';
export { ImeDateMessages, ImeModule } from './ime';
export * from './supplementary';
export * from './mva';
export * from './ot';
export * from './ndis';

/** Every case module declared so far. */
export const CaseModules: readonly CaseModuleDeclaration[] = [
  ImeModule,
  SupplementaryModule,
  FileReviewModule,
  MvaModule,
  NdisModule,
];
