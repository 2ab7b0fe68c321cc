import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { canAccess, type RouteEntry } from '@casebook/domain';
import { useSession } from '../session/useSession';
import { NoAccessScreen } from '../screens/statusScreens';
import { PRINT_ROUTES_WITH_ID } from './printMessages';
import { PrintPage } from './PrintPage';

const medicalRecordPrint = (name: 'LetterOfConfirmationPrint' | 'LoaTemplatePrint' | 'MedicalRequestPrint') =>
  lazy(() => import('../../features/clinical-records/MedicalRecordPrintPages').then((m) => ({ default: m[name] })));

/** Print screens of the modules that have one, by route path. */
const PrintScreens: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/view/ime-assessment/template': lazy(() =>
    import('../../features/cases/CaseTemplatePage').then((m) => ({ default: m.CaseTemplatePage })),
  ),
  '/view/disbursement-funding/accrued-interest-statement-print': lazy(() =>
    import('../../features/funding/AccruedInterestStatementPrint').then((m) => ({
      default: m.AccruedInterestStatementPrint,
    })),
  ),
  '/view/supplementary/print': lazy(() =>
    import('../../features/supplementary/SupplementaryPrintPage').then((m) => ({ default: m.SupplementaryPrintPage })),
  ),
  '/view/mva/template': lazy(() =>
    import('../../features/mva/MvaTemplatePage').then((m) => ({ default: m.MvaTemplatePage })),
  ),
  '/view/ndis/template': lazy(() =>
    import('../../features/ndis/NdisTemplatePage').then((m) => ({ default: m.NdisTemplatePage })),
  ),
  '/view/clinical-notes/print-letter-of-confirmation': medicalRecordPrint('LetterOfConfirmationPrint'),
  '/view/clinical-notes/print-loa-template': medicalRecordPrint('LoaTemplatePrint'),
  '/view/clinical-notes/print-medical-request': medicalRecordPrint('MedicalRequestPrint'),
  '/view/invoices/outstanding-statement-print': lazy(() =>
    import('../../features/invoices/OutstandingStatementPrint').then((m) => ({
      default: m.OutstandingStatementPrint,
    })),
  ),
  '/view/daysheet-print': lazy(() =>
    import('../../features/scheduling/DaySheetPrint').then((m) => ({ default: m.DaySheetPrint })),
  ),
};

/**
 * A print route: its module's print screen once there is one; until then the frame alone, which checks
 * the parameters and finds nothing to print.
 */
export function PrintRoute({ route }: { route: RouteEntry }) {
  const { user, accessTenant } = useSession();
  if (!canAccess(user, accessTenant, route)) return <NoAccessScreen />;
  const Screen = PrintScreens[route.path];
  if (Screen) {
    return (
      <Suspense>
        <Screen />
      </Suspense>
    );
  }
  return (
    <PrintPage
      title={route.title}
      required={PRINT_ROUTES_WITH_ID.has(route.path) ? ['id'] : []}
      load={async () => null}
      render={() => null}
    />
  );
}
