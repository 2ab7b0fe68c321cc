import { App, Button, Space } from 'antd';
import { CheckOutlined, MailOutlined } from '@ant-design/icons';
import { AppointmentTypeLabels, DAYSHEET_EMAIL_CONFIRM, type DaySheet } from '@casebook/domain';
import { SchedulingEndpoints, type EndpointInput } from '@casebook/domain';
import { PrintPage } from '../../app/print/PrintPage';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { useSearchParams } from 'react-router';
import { ExportButton } from './ExportButton';
import { dateText } from '../../platform/time';

type DaySheetBody = EndpointInput<typeof SchedulingEndpoints.daySheetPrint>['body'];

/** The day sheet's inputs from the address; a missing one is sent as null and the server's 400 names it. */
const bodyOf = (query: URLSearchParams) =>
  ({
    specialistId: query.get('dId'),
    centreId: query.get('cId') || null,
    fromDate: query.get('fDate'),
    toDate: query.get('tDate') || null,
  }) as DaySheetBody;

/** The day sheet of a specialist (dId) at a centre (cId, optional) from a date (fDate): print or e-mail it. */
export function DaySheetPrint() {
  const api = useApi();
  const notices = useNotices();
  const { modal } = App.useApp();
  const [query] = useSearchParams();
  const email = () =>
    modal.confirm({
      title: DAYSHEET_EMAIL_CONFIRM,
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        await callEndpoint(api, SchedulingEndpoints.sendDaySheets, { body: bodyOf(query) });
        notices.success('Email has been sent!');
      },
    });
  // Checks the inputs before printing: a wrong field comes back as the call's error notice.
  const validate = async () => {
    const checked = await callEndpoint(api, SchedulingEndpoints.validateDaySheet, { body: bodyOf(query) });
    const count = `${checked.bookingCount} booking${checked.bookingCount === 1 ? '' : 's'} from ${dateText(checked.fromDate)} to ${dateText(checked.toDate)}.`;
    if (checked.warnings.length > 0) notices.warning(`${count} ${checked.warnings.join(' ')}`);
    else notices.success(`The day sheet is ready to print: ${count}`);
  };
  const b = bodyOf(query);
  return (
    <PrintPage<DaySheet>
      title={(d) => `Daysheet ${d.specialist.fullName}`}
      required={['dId', 'fDate']}
      printLabel="Print Daysheets"
      load={(q, client) => callEndpoint(client, SchedulingEndpoints.daySheetPrint, { body: bodyOf(q) })}
      actions={
        <Space>
          <Button icon={<CheckOutlined />} onClick={() => void validate()}>
            Validate
          </Button>
          <ExportButton
            endpoint={SchedulingEndpoints.exportDaySheet}
            input={{
              query: { specialistId: b.specialistId, centreId: b.centreId, fromDate: b.fromDate, toDate: b.toDate },
            }}
          />
          <Button icon={<MailOutlined />} onClick={email}>
            Email Daysheets
          </Button>
        </Space>
      }
      render={(d) => (
        <section className="daysheet">
          <h1>Booking daysheet</h1>
          <h2>{d.specialist.fullName}</h2>
          {d.days.length === 0 && <p>No Data</p>}
          {d.days.map((day) => (
            <div key={day.date} className="daysheet-day">
              <h3>{day.displayDate}</h3>
              {day.centres.map((c) => (
                <div key={c.centreId ?? 'video'}>
                  <h4>
                    {c.centreName}
                    {c.address ? ` — ${c.address}` : ''}
                  </h4>
                  <table className="print-table">
                    <thead>
                      <tr>
                        <th>Time</th>
                        <th>Case</th>
                        <th>Claimant</th>
                        <th>Type</th>
                        <th>Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.bookings.map((b) => (
                        <tr key={b.sessionId}>
                          <td className="nowrap">
                            {b.startTime}–{b.endTime} {b.zoneAbbreviation}
                          </td>
                          <td className="nowrap">{b.caseNo ?? ''}</td>
                          <td>{b.claimantName ?? ''}</td>
                          <td className="nowrap">{AppointmentTypeLabels[b.appointmentType]}</td>
                          <td className="nowrap">{b.slotStatusLabel}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ))}
            </div>
          ))}
        </section>
      )}
    />
  );
}
