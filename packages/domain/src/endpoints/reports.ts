import {
  REPORT_PERMISSION,
  ReportParams,
  ReportQuery,
  ReportRecordsDto,
  ReportRecordsQuery,
  ReportResultDto,
} from '../reports/reports';
import { endpoint } from './endpoint';

const BASE = '/api/app/reports';
const tags = ['Reports'];
const access = { permission: REPORT_PERMISSION };

/** The business reports: one declaration each in `reports/reports.ts`, these three calls for all of them. */
export const ReportEndpoints = {
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:key`,
    params: ReportParams,
    query: ReportQuery,
    response: ReportResultDto,
    access,
    summary: "A report's figures per month or category for a period, with their totals",
    tags,
  }),
  records: endpoint({
    method: 'GET',
    path: `${BASE}/:key/records`,
    params: ReportParams,
    query: ReportRecordsQuery,
    response: ReportRecordsDto,
    access,
    summary: 'The records behind one row of a report (the first 500), each with its own figures',
    tags,
  }),
  export: endpoint({
    method: 'GET',
    path: `${BASE}/:key/export`,
    params: ReportParams,
    query: ReportQuery,
    access,
    summary: "A report's rows and totals as a spreadsheet",
    tags,
  }),
};
