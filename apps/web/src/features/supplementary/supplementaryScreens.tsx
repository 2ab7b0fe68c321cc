import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ComponentType } from 'react';
import {
  canAccess,
  FileReviewEndpoints,
  FileReviewModule,
  RouteTable,
  SupplementaryEndpoints,
  SupplementaryModule,
} from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import {
  ModuleAddPage,
  ModuleDetailPage,
  ModuleListPage,
  type ModuleScreenProps,
} from '../cases/modules/ModuleScreens';

const PRINT_PATH = '/view/supplementary/print';

/** Each module with the print type of its request to the specialist. */
const MODULES: (ModuleScreenProps & { printType: string })[] = [
  { module: SupplementaryModule, api: SupplementaryEndpoints, printType: 'printServiceRequest' },
  { module: FileReviewModule, api: FileReviewEndpoints, printType: 'fileReviewPrint' },
];

/** "Print" on a case: its request opens in a new browser tab, for those the print page is open to. */
function PrintRequest({ id, type }: { id: string; type: string }) {
  const { user, accessTenant } = useSession();
  const route = RouteTable.find((r) => r.path === PRINT_PATH);
  if (!route || !canAccess(user, accessTenant, route)) return null;
  return (
    <Button
      icon={<PrinterOutlined />}
      href={`${PRINT_PATH}?id=${encodeURIComponent(id)}&type=${type}`}
      target="_blank"
      rel="noopener"
      style={{ marginTop: 12 }}
    >
      Print request
    </Button>
  );
}

/** The list, add and detail screens of supplementary reports and file reviews, by route path. */
export const SupplementaryScreens: Record<string, ComponentType> = Object.fromEntries(
  MODULES.flatMap(({ printType, ...p }) => [
    [p.module.route, () => <ModuleListPage {...p} />],
    [`${p.module.route}/add`, () => <ModuleAddPage {...p} />],
    [
      `${p.module.route}/detail/:id`,
      () => <ModuleDetailPage {...p} extra={(c) => <PrintRequest id={c.id} type={printType} />} />,
    ],
  ]),
);
