import { describe, expect, test } from 'vitest';
import { BiReports, matchRoute } from '../access/routes';
import {
  CancelledCaseStatuses,
  CompletedCaseStatuses,
  defaultReportRange,
  ReportDeclarations,
  ReportFilters,
  reportMonthLabel,
  reportRecordPath,
  ServiceTypeLabels,
} from './reports';

describe('report declarations', () => {
  test('the built reports are exactly the route table’s reports marked built, and each has a route', () => {
    const built = BiReports.filter((r) => 'built' in r).map((r) => r.name);
    expect(ReportDeclarations.map((r) => r.key).sort()).toEqual([...built].sort());
    for (const r of ReportDeclarations) {
      expect(matchRoute(`/view/reports/${r.key}`)?.title, r.key).toBe(r.title);
    }
  });

  test('measure keys are unique within a report, filters are known, and money is kept apart from counts', () => {
    for (const r of ReportDeclarations) {
      const keys = r.measures.map((m) => m.key);
      expect(new Set(keys).size, r.key).toBe(keys.length);
      for (const f of r.filters) expect(ReportFilters, r.key).toContain(f);
      for (const m of r.measures) expect(m.kind === 'money', `${r.key}.${m.key}`).toBe(m.key.endsWith('Cents'));
    }
  });

  test('completed and cancelled come from the modules’ status kinds, and never overlap', () => {
    expect(CompletedCaseStatuses).toContain('REPORT_COMPLETED');
    expect(CancelledCaseStatuses).toContain('CANCELLED_WITH_FEE');
    // Medical records call it plain CANCELLED.
    expect(CancelledCaseStatuses).toContain('CANCELLED');
    expect(CompletedCaseStatuses.filter((s) => CancelledCaseStatuses.includes(s))).toEqual([]);
  });
});

test('the default period runs from the first of the month six months back to the end of next month', () => {
  expect(defaultReportRange({ year: 2026, month: 11, day: 27 })).toEqual({ from: '2026-05-01', to: '2026-12-31' });
  expect(defaultReportRange({ year: 2027, month: 1, day: 31 })).toEqual({ from: '2026-07-01', to: '2027-02-28' });
  expect(reportMonthLabel('2026-02')).toBe('Feb 2026');
});

test('each record behind a row opens its own detail screen of the route table', () => {
  const id = '0190abcd-0000-7000-8000-000000000000';
  for (const serviceType of Object.keys(ServiceTypeLabels)) {
    const path = reportRecordPath('case', id, serviceType)!;
    expect(matchRoute(path)?.kind, `${serviceType} ${path}`).toBe('detail');
  }
  for (const kind of ['invoice', 'company', 'caseManager', 'specialist', 'user', 'loan'] as const) {
    expect(matchRoute(reportRecordPath(kind, id)!)?.kind, kind).toBe('detail');
  }
  expect(reportRecordPath('target', id)).toBeNull();
});
