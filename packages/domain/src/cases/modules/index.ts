import type { CaseModuleDeclaration } from './define';
import { ImeModule } from './ime';
import { FileReviewModule, SupplementaryModule } from './supplementary';
import { MvaModule } from './mva';
import { NdisModule } from './ndis';
import { MedicalRecordModule } from './medical-records';
import { TpdModule } from './tpd';
import { MedNegModule } from './medneg';

export * from './define';
export { ImeDateMessages, ImeModule } from './ime';
export * from './supplementary';
export * from './mva';
export * from './ot';
export * from './ndis';
export * from './medical-records';
export * from './medical-records-summary';
export * from './tpd';
export * from './medneg';

/** Every case module declared so far. */
export const CaseModules: readonly CaseModuleDeclaration[] = [
  ImeModule,
  SupplementaryModule,
  FileReviewModule,
  MvaModule,
  NdisModule,
  MedicalRecordModule,
  TpdModule,
  MedNegModule,
];
