import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table } from 'antd';
import { useState } from 'react';
import {
  FeeArrangementLabels,
  RemittanceMailEndpoints as api,
  formatMoney,
  type Currency,
  type FeeArrangement,
  type RemittanceStatementDto,
  remittancePeriodText,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { openPdf } from './invoiceApi';

/** /view/my-remittances: the signed-in specialist's own remittance statements, each opened as its PDF. */
export function MyRemittancesPage() {
  const client = useApi();
  const call = useCall();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const list = useQuery(
    endpointQuery(client, api.mine, {
      query: { skipCount: (page.current - 1) * page.pageSize, maxResultCount: page.pageSize },
    }),
  );
  const money = (s: RemittanceStatementDto, cents: number) => formatMoney(cents, s.currency as Currency);
  return (
    <div className="screen">
      <h1 className="screen-title">My Remittances</h1>
      <Card>
        <Table<RemittanceStatementDto>
          rowKey="id"
          aria-label="My remittance statements"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: list.data?.totalCount ?? 0,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
          columns={[
            { title: 'Period', key: 'period', render: (_, s) => remittancePeriodText(s) },
            {
              title: 'Fee arrangement',
              key: 'arrangement',
              render: (_, s) => FeeArrangementLabels[s.feeArrangement as FeeArrangement] ?? s.feeArrangement,
            },
            { title: 'Invoices', dataIndex: 'lineCount', align: 'right' },
            { title: 'Fees (excl. GST)', key: 'fee', align: 'right', render: (_, s) => money(s, s.feeCents) },
            {
              title: 'Commission incl. GST',
              key: 'commission',
              align: 'right',
              render: (_, s) => money(s, s.commissionAmountWithTax),
            },
            { title: 'Payment', key: 'payment', align: 'right', render: (_, s) => money(s, s.paymentCents) },
            {
              title: '',
              key: 'pdf',
              width: 90,
              render: (_, s) => (
                <Button
                  size="small"
                  icon={<FilePdfOutlined />}
                  onClick={() => void call(api.myPrint, { params: { id: s.id } }).then(openPdf)}
                >
                  PDF
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
