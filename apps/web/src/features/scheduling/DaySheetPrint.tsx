import { App, Button } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { DAYSHEET_EMAIL_CONFIRM, type DaySheet } from '@casebook/domain';
import { PrintPage } from '../../app/print/PrintPage';
import { useApi } from '../../platform/api/api-client';
import { useNotices } from '../../platform/notices/useNotices';
import { useSearchParams } from 'react-router';

const bodyOf = (query: URLSearchParams) => ({
  specialistId: query.get('dId'),
  centreId: query.get('cId') || null,
  fromDate: query.get('fDate'),
  toDate: query.get('tDate') || null,
});

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
        await api.post('/api/app/appointment-sessions/sendSpecialistBookingDaysheets', bodyOf(query));
        notices.success('Email has been sent!');
      },
    });
  return (
    <PrintPage<DaySheet>
      title={(d) => `Daysheet ${d.specialist.fullName}`}
      required={['dId', 'fDate']}
      printLabel="Print Daysheets"
      load={(q, client) => client.post<DaySheet>('/api/app/appointment-sessions/daySheetPrint', bodyOf(q))}
      actions={
        <Button icon={<MailOutlined />} onClick={email}>
          Email Daysheets
        </Button>
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
                        <th>Type</th>
                        <th>Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.bookings.map((b) => (
                        <tr key={b.sessionId}>
                          <td>
                            {b.startTime}–{b.endTime} {b.zoneAbbreviation}
                          </td>
                          <td>{b.caseNo ?? ''}</td>
                          <td>{b.appointmentType}</td>
                          <td>{b.slotStatusLabel}</td>
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
