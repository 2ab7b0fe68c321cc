import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import {
  AgeingBucketLabels,
  AgeingBuckets,
  OutstandingBalanceEndpoints as api,
  formatDisplayDate,
  formatMoney,
  parseIsoDate,
  type Currency,
  type OutstandingStatementDto,
} from '@casebook/domain';
import { PrintPage } from '../../app/print/PrintPage';
import { callEndpoint, useCall } from '../../platform/api/endpoints';
import { openPdf } from './invoiceApi';

const day = (iso: string) => {
  const d = parseIsoDate(iso);
  return d ? formatDisplayDate(d) : iso;
};

/**
 * /view/invoices/outstanding-statement-print?companyId=…[&asOf=…]: a company's unpaid invoices on a date
 * with their ageing, the same figures as the statement PDF. A company owing nothing is 'Cannot found'.
 */
export function OutstandingStatementPrint() {
  const call = useCall();
  const [query] = useSearchParams();
  const companyId = query.get('companyId') ?? '';
  const asOf = query.get('asOf') || undefined;
  return (
    <PrintPage<OutstandingStatementDto>
      title={(s) => `Outstanding Statement ${s.company.companyName}`}
      required={['companyId']}
      load={async (q, client) => {
        const s = await callEndpoint(client, api.statement, {
          query: { companyId: q.get('companyId')!, asOf: q.get('asOf') || undefined },
        });
        return s.invoices.length > 0 ? s : null;
      }}
      actions={
        <Button
          icon={<FilePdfOutlined />}
          onClick={() => void call(api.print, { query: { companyId, asOf } }).then(openPdf)}
        >
          PDF
        </Button>
      }
      render={(s) => {
        const money = (c: number) => formatMoney(c, s.currency as Currency);
        return (
          <>
            <h1>Outstanding Statement</h1>
            <dl className="facts">
              <dt>To</dt>
              <dd>{s.company.companyName}</dd>
              <dt>As of</dt>
              <dd>{day(s.asOf)}</dd>
            </dl>
            <table
              aria-label="Outstanding invoices"
              style={{ width: '100%', borderCollapse: 'separate', borderSpacing: '8px 2px' }}
            >
              <thead>
                <tr>
                  <th align="left">Invoice</th>
                  <th align="left">Case</th>
                  <th align="left">Date</th>
                  <th align="left">Due</th>
                  <th align="right">Days over</th>
                  <th align="right">Total</th>
                  <th align="right">Payments/credits</th>
                  <th align="right">Balance</th>
                </tr>
              </thead>
              <tbody>
                {s.invoices.map((i) => (
                  <tr key={i.id}>
                    <td>{i.invoiceNo}</td>
                    <td>{i.caseNo}</td>
                    <td>{day(i.invoiceDate)}</td>
                    <td>{day(i.dueDate)}</td>
                    <td align="right">{i.daysOverdue}</td>
                    <td align="right">{money(i.totalCents)}</td>
                    <td align="right">{money(i.paidCents + i.creditedCents)}</td>
                    <td align="right">{money(i.balanceCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th align="left" colSpan={7}>
                    Total
                  </th>
                  <th align="right" data-testid="statement-total">
                    {money(s.company.balanceCents)}
                  </th>
                </tr>
              </tfoot>
            </table>
            <table aria-label="Ageing" style={{ width: '100%', marginTop: 24, borderCollapse: 'collapse' }}>
              <thead>
                <tr>
                  {AgeingBuckets.map((b) => (
                    <th key={b} align="right">
                      {AgeingBucketLabels[b]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  {AgeingBuckets.map((b) => (
                    <td key={b} align="right">
                      {money(s.company[b])}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </>
        );
      }}
    />
  );
}
