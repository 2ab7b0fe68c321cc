import { PlusOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Flex, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  BillingStatuses,
  BillingStatusLabels,
  canAccess,
  CaseEndpoints,
  CaseServiceTypeLabels,
  FormMessages,
  ImeStatuses,
  ImeStatusLabels,
  Permissions,
  RouteTable,
  SEARCH_DEBOUNCE_MS,
  type BillingStatus,
  type CaseListItemDto,
  type CaseServiceType,
  type ImeStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { DataTable, SelectionListBox, useDebouncedValue, type DataColumn } from '../../platform/controls';
import {
  EMPTY_DATE_RANGE,
  RelativeDateRangeBox,
  type RelativeDateRange,
} from '../../platform/controls/RelativeDateRangePicker';
import { useNotices } from '../../platform/notices/useNotices';
import { saveFile } from '../../platform/resources/saveFile';
import { caseKeys, casesApi, hasFilter, type CaseFilters } from './caseApi';
import { StatusTag } from './StatusTag';
import { dateText, dayTextIn } from '../../platform/time';

/** The list screen path of each service type the assessment list serves. */
export const CaseListPaths: Record<CaseServiceType, string> = {
  IME: '/view/assessments',
  MASS_TORTS: '/view/mass-torts',
  OT: '/view/ot',
  COTELE: '/view/co-teleconference',
};

/**
 * The case list of a service type (IME assessments, mass torts, OT, conclave): filters by status, date
 * range, specialist, company, case manager, centre and billing readiness; counts per status; export.
 */
export function CaseListPage({ serviceType }: { serviceType: CaseServiceType }) {
  const api = useApi();
  const notices = useNotices();
  const { open } = useWorkspace();
  const { user, accessTenant, tenant } = useSession();
  const base = CaseListPaths[serviceType];
  const addRoute = RouteTable.find((r) => r.path === `${base}/add`);
  const can = useCan();
  const canAdd =
    can(Permissions.assessments.create) && addRoute !== undefined && canAccess(user, accessTenant, addRoute);

  const [search, setSearch] = useState('');
  const filterText = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<ImeStatus[]>([]);
  const [range, setRange] = useState<RelativeDateRange>(EMPTY_DATE_RANGE);
  const [specialistId, setSpecialistId] = useState<string | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [caseManagerId, setCaseManagerId] = useState<string | null>(null);
  const [centreId, setCentreId] = useState<string | null>(null);
  const [billingStatus, setBillingStatus] = useState<BillingStatus | null>(null);
  const [sorting, setSorting] = useState<string | undefined>(undefined);

  const filters: CaseFilters = {
    serviceType,
    filterText: filterText || undefined,
    status,
    dateFrom: range.from,
    dateTo: range.to,
    specialistId,
    companyId,
    caseManagerId,
    centreId,
    billingStatus,
  };
  const counts = useQuery({
    queryKey: caseKeys.counts(filters),
    queryFn: ({ signal }) => casesApi.counts(api, filters, signal),
    staleTime: 60_000,
  });
  const countOf = (s: ImeStatus) => counts.data?.items.find((i) => i.status === s)?.count ?? 0;

  const openCase = (id: string) => open({ path: `${base}/detail/${id}` });

  const columns: DataColumn<CaseListItemDto>[] = [
    {
      key: 'caseNo',
      title: 'Case No',
      sortable: true,
      fixedLeft: true,
      render: (c) => (
        <Typography.Link onClick={() => openCase(c.id)}>
          {c.caseNo}
          {c.isHighRisk ? ' ⚠' : ''}
        </Typography.Link>
      ),
    },
    { key: 'status', title: 'Status', sortable: true, render: (c) => <StatusTag status={c.status} /> },
    { key: 'clientName', title: 'Claimant', render: (c) => c.clientName },
    { key: 'companyName', title: 'Company', render: (c) => c.companyName },
    { key: 'caseManagerName', title: 'Case Manager', render: (c) => c.caseManagerName },
    { key: 'specialistName', title: 'Specialist', render: (c) => c.specialistName ?? '' },
    {
      key: 'appointmentDate',
      title: 'Appointment',
      sortable: true,
      render: (c) => `${dateText(c.appointmentDate)} ${c.appointmentTime ?? ''}`.trim(),
    },
    { key: 'centreName', title: 'Centre', render: (c) => c.centreName ?? '' },
    { key: 'billingStatus', title: 'Billing', render: (c) => BillingStatusLabels[c.billingStatus] },
    {
      key: 'creationTime',
      title: 'Booked',
      sortable: true,
      render: (c) => dayTextIn(c.creationTime, tenant.timezone),
    },
  ];

  function exportList() {
    if (!hasFilter(filters)) {
      notices.warning(FormMessages.exportNeedsFilter);
      return;
    }
    Modal.confirm({
      title: 'Export',
      content: 'Do you want to download search results?',
      onOk: async () => {
        const file = await callEndpoint(api, CaseEndpoints.exportListGet, {
          query: { ...filters, ...(sorting ? { sorting } : {}) },
        });
        saveFile(file.blob, file.fileName);
      },
    });
  }

  const statusOptions = ImeStatuses.map((s) => ({ value: s, label: ImeStatusLabels[s] }));

  return (
    <div className="screen">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 className="screen-title">{CaseServiceTypeLabels[serviceType]}s</h1>
        <Space>
          <Button icon={<DownloadOutlined />} onClick={exportList}>
            Export
          </Button>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ path: `${base}/add` })}>
              Add
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={6} className="case-status-counts" aria-label="Cases per status" role="group">
        {ImeStatuses.filter((s) => countOf(s) > 0).map((s) => (
          <Button
            key={s}
            size="small"
            type={status.includes(s) ? 'primary' : 'default'}
            onClick={() => setStatus(status.includes(s) ? status.filter((x) => x !== s) : [...status, s])}
          >
            {ImeStatusLabels[s]} <Badge count={countOf(s)} showZero overflowCount={99999} color="#888" />
          </Button>
        ))}
      </Flex>
      <Flex wrap gap={8} style={{ margin: '12px 0' }}>
        <Input.Search
          allowClear
          placeholder="Case number or claimant"
          aria-label="Search"
          style={{ width: 240 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="Status"
          aria-label="Status"
          style={{ minWidth: 200 }}
          options={statusOptions}
          value={status}
          onChange={(v) => setStatus(v)}
          maxTagCount="responsive"
        />
        <RelativeDateRangeBox
          timeZone={tenant.timezone}
          value={range}
          onChange={(v) => setRange(v ?? EMPTY_DATE_RANGE)}
        />
        {can(Permissions.specialists.read) && (
          <SelectionListBox
            resource="specialists"
            aria-label="Specialist"
            placeholder="Specialist"
            style={{ width: 180 }}
            value={specialistId}
            onChange={(v) => setSpecialistId(v as string | null)}
          />
        )}
        {can(Permissions.companies.read) && (
          <SelectionListBox
            resource="companies"
            aria-label="Company"
            placeholder="Company"
            style={{ width: 180 }}
            value={companyId}
            onChange={(v) => setCompanyId(v as string | null)}
          />
        )}
        {can(Permissions.caseManagers.read) && (
          <SelectionListBox
            resource="case-managers"
            aria-label="Case manager"
            placeholder="Case manager"
            style={{ width: 180 }}
            value={caseManagerId}
            onChange={(v) => setCaseManagerId(v as string | null)}
          />
        )}
        {can(Permissions.centres.read) && (
          <SelectionListBox
            resource="centres"
            aria-label="Centre"
            placeholder="Centre"
            style={{ width: 160 }}
            value={centreId}
            onChange={(v) => setCentreId(v as string | null)}
          />
        )}
        <Select
          allowClear
          placeholder="Billing readiness"
          aria-label="Billing readiness"
          style={{ width: 160 }}
          options={BillingStatuses.map((b) => ({ value: b, label: BillingStatusLabels[b] }))}
          value={billingStatus}
          onChange={(v) => setBillingStatus(v ?? null)}
        />
      </Flex>
      <DataTable
        tableKey={`cases-${serviceType}`}
        label={`${CaseServiceTypeLabels[serviceType]} list`}
        columns={columns}
        queryKey={[...caseKeys.all, 'list', filters]}
        fetchPage={(page, signal) => casesApi.list(api, filters, page, signal)}
        rowKey={(c) => c.id}
        defaultSorting="creationTime desc"
        onSortingChange={setSorting}
      />
    </div>
  );
}
