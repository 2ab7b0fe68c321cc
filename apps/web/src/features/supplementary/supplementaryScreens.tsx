import type { ComponentType } from 'react';
import { FileReviewEndpoints, FileReviewModule, SupplementaryEndpoints, SupplementaryModule } from '@casebook/domain';
import {
  ModuleAddPage,
  ModuleDetailPage,
  ModuleListPage,
  type ModuleScreenProps,
} from '../cases/modules/ModuleScreens';

const MODULES: ModuleScreenProps[] = [
  { module: SupplementaryModule, api: SupplementaryEndpoints },
  { module: FileReviewModule, api: FileReviewEndpoints },
];

/** The list, add and detail screens of supplementary reports and file reviews, by route path. */
export const SupplementaryScreens: Record<string, ComponentType> = Object.fromEntries(
  MODULES.flatMap((p) => [
    [p.module.route, () => <ModuleListPage {...p} />],
    [`${p.module.route}/add`, () => <ModuleAddPage {...p} />],
    [`${p.module.route}/detail/:id`, () => <ModuleDetailPage {...p} />],
  ]),
);
