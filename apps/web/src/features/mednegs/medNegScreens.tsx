import type { ComponentType } from 'react';
import { MedNegEndpoints, MedNegModule } from '@casebook/domain';
import { ModuleAddPage, ModuleDetailPage, ModuleListPage } from '../cases/modules/ModuleScreens';
import { MedNegRequests } from './MedNegRequests';

const p = { module: MedNegModule, api: MedNegEndpoints };

/** The list, add and detail screens of medical negligence, the detail with its requests to specialists. */
export const MedNegScreens: Record<string, ComponentType> = {
  [p.module.route]: () => <ModuleListPage {...p} />,
  [`${p.module.route}/add`]: () => <ModuleAddPage {...p} />,
  [`${p.module.route}/detail/:id`]: () => (
    <ModuleDetailPage {...p} extra={(c, canEdit) => <MedNegRequests c={c} canEdit={canEdit} />} />
  ),
};
