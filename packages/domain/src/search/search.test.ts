import { describe, expect, it } from 'vitest';
import { RouteTable } from '../access/routes';
import { CaseModules } from '../cases/modules';
import { caseDetailPath, documentRecordPath, PersonDetailBases, prefixQueryWords } from './search';

const routes = new Set(RouteTable.map((r) => r.path));
const asRoute = (path: string) => path.replace(/\/detail\/[^/]+$/, '/detail/:id');

describe('where a search result opens', () => {
  it("opens a case of every module's service types on a detail route of the route table", () => {
    for (const m of CaseModules) {
      for (const t of m.serviceTypes) expect(routes.has(asRoute(caseDetailPath(t, 'x'))), `${m.key} ${t}`).toBe(true);
    }
    expect(caseDetailPath('MASS_TORTS', 'a')).toBe('/view/mass-torts/detail/a');
    expect(caseDetailPath('NDIS', 'a')).toBe('/view/ndis/detail/a');
  });

  it('opens people and the records documents belong to on detail routes of the route table', () => {
    for (const base of Object.values(PersonDetailBases)) expect(routes.has(`${base}/detail/:id`), base).toBe(true);
    const hit = { id: 'd', name: 'n', fileName: 'f', attachmentType: null, recordId: 'r', recordName: null };
    expect(documentRecordPath({ ...hit, recordKind: 'case', serviceType: 'SUPPLEMENTARY' })).toBe(
      '/view/supplementaries/detail/r',
    );
    expect(documentRecordPath({ ...hit, recordKind: 'claimant', serviceType: null })).toBe('/view/clients/detail/r');
  });
});

describe('the document query', () => {
  it('asks for every word as a prefix, and for nothing when there is no word', () => {
    expect(prefixQueryWords("O'Brien report-2026")).toBe('o:* & brien:* & report:* & 2026:*');
    expect(prefixQueryWords(' -- ')).toBeUndefined();
  });
});
