import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';

/** The letters a case prints, each its own printable page (/view/ime-assessment/template). */
const LETTERS = [
  { type: 'appointmentConfirmationCM', label: 'Appointment confirmation (case manager)' },
  { type: 'appointmentConfirmationSpecialist', label: 'Appointment confirmation (specialist)' },
  { type: 'checklist', label: 'Assessment checklist' },
  { type: 'consentForm', label: 'Consent form' },
] as const;

/** "Print" on a case: each letter opens in a new browser tab, ready for the browser's print. */
export function CasePrintMenu({ caseId }: { caseId: string }) {
  const href = (type: string) => `/view/ime-assessment/template?id=${encodeURIComponent(caseId)}&type=${type}`;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: LETTERS.map((l) => ({
          key: l.type,
          label: (
            <a href={href(l.type)} target="_blank" rel="noopener">
              {l.label}
            </a>
          ),
        })),
      }}
    >
      <Button icon={<PrinterOutlined />}>
        Print <DownOutlined />
      </Button>
    </Dropdown>
  );
}
