import type { ComponentType } from 'react';
import type { CaseServiceType } from '@casebook/domain';
import { CaseAddPage } from './CaseAddPage';
import { CaseDetailPage } from './CaseDetailPage';
import { CaseListPage, CaseListPaths } from './CaseListPage';

/** The list, add and detail screens of every service type the assessment list serves, by route path. */
export const CaseScreens: Record<string, ComponentType> = Object.fromEntries(
  (Object.entries(CaseListPaths) as [CaseServiceType, string][]).flatMap(([serviceType, base]) => [
    [base, () => <CaseListPage serviceType={serviceType} />],
    [`${base}/add`, () => <CaseAddPage serviceType={serviceType} />],
    [`${base}/detail/:id`, () => <CaseDetailPage serviceType={serviceType} />],
  ]),
);
