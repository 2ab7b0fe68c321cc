import type { ComponentType } from 'react';
import { MedicalRecordEndpoints, MedicalRecordModule } from '@casebook/domain';
import { ModuleAddPage, ModuleDetailPage, ModuleListPage } from '../cases/modules/ModuleScreens';

const p = { module: MedicalRecordModule, api: MedicalRecordEndpoints };

/** The list, add and detail screens of medical records, by route path, rendered from the declaration. */
export const MedicalRecordScreens: Record<string, ComponentType> = {
  [p.module.route]: () => <ModuleListPage {...p} />,
  [`${p.module.route}/add`]: () => <ModuleAddPage {...p} />,
  [`${p.module.route}/detail/:id`]: () => <ModuleDetailPage {...p} />,
};
