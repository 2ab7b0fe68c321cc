import type { CaseModuleDeclaration } from './define';
import { ImeModule } from './ime';
import { FileReviewModule, SupplementaryModule } from './supplementary';

export * from './define';
export { ImeDateMessages, ImeModule } from './ime';
export * from './supplementary';

/** Every case module declared so far. */
export const CaseModules: readonly CaseModuleDeclaration[] = [ImeModule, SupplementaryModule, FileReviewModule];
