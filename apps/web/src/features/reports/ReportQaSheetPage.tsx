import { useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import {
  CorrectionStatuses,
  CorrectionStatusLabels,
  Permissions,
  ReportQaEndpoints as api,
  ReviewStatuses,
  ReviewStatusLabels,
  ValidationStatuses,
  ValidationStatusLabels,
  type CorrectionStatus,
  type ReportCorrectionDto,
  type ReviewStatus,
  type ValidationStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox, SelectionListBox } from '../../platform/controls';
import { saveFile } from '../../platform/resources/saveFile';
import { useInstantText } from '../../platform/time';
import { CorrectionNoteCell, CorrectionStatusCell } from '../cases/CaseReportQaTab';
import { DownloadSearchResults, type ExportColumn } from '../funding/DownloadSearchResults';

const PAGE = 20;

const CSV_COLUMNS: ExportColumn<ReportCorrectionDto>[] = [
  { title: 'Case No.', value: (r) => r.caseNo },
  { title: 'Claimant', value: (r) => r.clientName },
  { title: 'Specialist', value: (r) => r.specialistName },
  { title: 'Appointment Date', value: (r) => r.appointmentDate },
  { title: 'Review Status', value: (r) => ReviewStatusLabels[r.reviewStatus] },
  { title: 'Validation Status', value: (r) => ValidationStatusLabels[r.validationStatus] },
  { title: 'Correction Status', value: (r) => CorrectionStatusLabels[r.status] },
  { title: 'Note', value: (r) => r.note },
  { title: 'Recorded By', value: (r) => r.creatorName },
  { title: 'Recorded', value: (r) => r.creationTime },
];

/**
 * /view/report-correction, the Reports QA Sheet: the corrections of IME reports with their cases' review
 * and validation status, filtered by status, specialist, recorded date and case number; notes and
 * statuses are changed in the rows; the sheet as filtered exports as xlsx (and CSV where lists offer it).
 */
export function ReportQaSheetPage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const when = useInstantText();
  const canEdit = can(Permissions.reportCorrections.update);
  const [filterText, setFilterText] = useState('');
  const [status, setStatus] = useState<CorrectionStatus | undefined>();
  const [reviewStatus, setReviewStatus] = useState<ReviewStatus | undefined>();
  const [validationStatus, setValidationStatus] = useState<ValidationStatus | undefined>();
  const [specialistId, setSpecialistId] = useState<string | undefined>();
  const [dateFrom, setDateFrom] = useState<string | undefined>();
  const [dateTo, setDateTo] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters = {
    filterText: filterText || undefined,
    status,
    reviewStatus,
    validationStatus,
    specialistId,
    dateFrom,
    dateTo,
  };
  const list = useQuery(
    endpointQuery(client, api.list, { query: { ...filters, skipCount: (page - 1) * PAGE, maxResultCount: PAGE } }),
  );
  const set =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };

  const exportSheet = async () => {
    setExporting(true);
    try {
      const file = await call(api.export, { body: filters });
      saveFile(file.blob, file.fileName);
    } catch {
      // The notice has said why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Reports QA Sheet</h1>
      <Space wrap style={{ margin: '12px 0' }}>
        <Input.Search
          placeholder="Case number"
          aria-label="Search by case number"
          allowClear
          onSearch={(v) => set(setFilterText)(v.trim())}
          style={{ width: 220 }}
        />
        <Select<CorrectionStatus>
          aria-label="Correction status"
          placeholder="Correction status"
          allowClear
          style={{ width: 170 }}
          value={status}
          onChange={set(setStatus)}
          options={CorrectionStatuses.map((s) => ({ value: s, label: CorrectionStatusLabels[s] }))}
        />
        <Select<ReviewStatus>
          aria-label="Review status"
          placeholder="Review status"
          allowClear
          style={{ width: 160 }}
          value={reviewStatus}
          onChange={set(setReviewStatus)}
          options={ReviewStatuses.map((s) => ({ value: s, label: ReviewStatusLabels[s] }))}
        />
        <Select<ValidationStatus>
          aria-label="Validation status"
          placeholder="Validation status"
          allowClear
          style={{ width: 160 }}
          value={validationStatus}
          onChange={set(setValidationStatus)}
          options={ValidationStatuses.map((s) => ({ value: s, label: ValidationStatusLabels[s] }))}
        />
        <SelectionListBox
          resource="specialists"
          aria-label="Specialist"
          placeholder="Specialist"
          style={{ width: 200 }}
          value={specialistId ?? null}
          onChange={(v) => set(setSpecialistId)((v as string | null) ?? undefined)}
        />
        <DateBox
          aria-label="Recorded from"
          placeholder="Recorded from"
          value={dateFrom ?? null}
          onChange={(v) => set(setDateFrom)(v ?? undefined)}
        />
        <DateBox
          aria-label="Recorded to"
          placeholder="Recorded to"
          value={dateTo ?? null}
          onChange={(v) => set(setDateTo)(v ?? undefined)}
        />
        <Button loading={exporting} onClick={() => void exportSheet()}>
          Export
        </Button>
        <DownloadSearchResults endpoint={api.list} query={filters} name="report-corrections" columns={CSV_COLUMNS} />
      </Space>
      <Table<ReportCorrectionDto>
        size="small"
        scroll={{ x: 'max-content' }}
        aria-label="Report corrections"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: 'Case No.', dataIndex: 'caseNo' },
          { title: 'Claimant', dataIndex: 'clientName' },
          { title: 'Specialist', key: 'specialist', render: (_, r) => r.specialistName ?? '' },
          { title: 'Appointment', key: 'appointment', render: (_, r) => r.appointmentDate ?? '' },
          { title: 'Review', key: 'review', render: (_, r) => ReviewStatusLabels[r.reviewStatus] },
          { title: 'Validation', key: 'validation', render: (_, r) => ValidationStatusLabels[r.validationStatus] },
          { title: 'Status', key: 'status', render: (_, r) => <CorrectionStatusCell c={r} canEdit={canEdit} /> },
          {
            title: 'Note',
            key: 'note',
            render: (_, r) => <CorrectionNoteCell key={r.concurrencyStamp} c={r} canEdit={canEdit} />,
          },
          { title: 'Recorded by', key: 'by', render: (_, r) => r.creatorName ?? '' },
          { title: 'Recorded', key: 'when', render: (_, r) => when(r.creationTime) },
        ]}
      />
    </div>
  );
}
