import type { CaseModuleDeclaration } from './define';
import { ImeModule } from './ime';
import { FileReviewModule, SupplementaryModule } from './supplementary';
import { MedicalRecordModule } from './medical-records';
import { TpdModule } from './tpd';
import { MedNegModule } from './medneg';

export * from './define';
export { ImeDateMessages, ImeModule } from './ime';
export * from './supplementary';
export * from './medical-records';
export * from './tpd';
export * from './medneg';

/** Every case module declared so far. */
export const CaseModules: readonly CaseModuleDeclaration[] = [
  ImeModule,
  SupplementaryModule,
  FileReviewModule,
  MedicalRecordModule,
  TpdModule,
  MedNegModule,
];
