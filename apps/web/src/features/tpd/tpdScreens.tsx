import type { ComponentType } from 'react';
import { TpdEndpoints, TpdModule } from '@casebook/domain';
import { ModuleAddPage, ModuleDetailPage, ModuleListPage } from '../cases/modules/ModuleScreens';

const p = { module: TpdModule, api: TpdEndpoints };

/** The list, add and detail screens of TPD claims, by route path, rendered from the declaration. */
export const TpdScreens: Record<string, ComponentType> = {
  [p.module.route]: () => <ModuleListPage {...p} />,
  [`${p.module.route}/add`]: () => <ModuleAddPage {...p} />,
  [`${p.module.route}/detail/:id`]: () => <ModuleDetailPage {...p} />,
};
