import { describe, expect, test } from 'vitest';
import { Editions, FeatureFlags } from '../tenancy';
import { checkDomain, originOf } from './domain-check';
import { EditionDefaultFeatures, editionCode, effectiveFeatures } from './editions';
import { contractorKindOf, isInsurerCaseManagerOf, type AccessUser } from './users';

const staff: AccessUser = { isAuthenticated: true, isHost: false, roles: ['STAFF'] };

describe('effectiveFeatures', () => {
  test('an edition switches its default features on for a tenant that sets none', () => {
    for (const edition of Editions) {
      const on = effectiveFeatures(staff, { editionName: edition, features: {} });
      for (const flag of EditionDefaultFeatures[edition]) {
        if (flag !== 'CompanyPMSConfig') expect(on.has(flag), `${edition} ${flag}`).toBe(true);
      }
    }
  });

  test("a tenant's own flags override the edition's defaults both ways", () => {
    const on = effectiveFeatures(staff, { editionName: 'MLP', features: { Assessment: 'False', NDIS: 'True' } });
    expect(on.has('Assessment')).toBe(false);
    expect(on.has('NDIS')).toBe(true);
    expect(on.has('Supplementary')).toBe(true);
  });

  test('without a known edition only the tenant flags count', () => {
    const on = effectiveFeatures(staff, { editionName: 'GOLD', features: { OT: 'True' } });
    expect([...on]).toEqual(['OT']);
  });

  test('CaseManagement is derived from MassTorts, NDIS or MVA and cannot be stored', () => {
    const off = effectiveFeatures(staff, { editionName: '', features: { CaseManagement: 'True' } });
    expect(off.has('CaseManagement')).toBe(false);
    for (const flag of ['MassTorts', 'NDIS', 'MVA']) {
      expect(effectiveFeatures(staff, { editionName: '', features: { [flag]: 'True' } }).has('CaseManagement')).toBe(
        true,
      );
    }
    // LAW CONNECT switches MassTorts and MVA on by default, so it has case management.
    expect(effectiveFeatures(staff, { editionName: 'LAW CONNECT', features: {} }).has('CaseManagement')).toBe(true);
  });

  test('CompanyPMSConfig is on for admin or staff and case managers with a default PMS company, per user', () => {
    const tenant = { editionName: '', features: { CompanyPMSConfig: 'True' } };
    const user = (roles: string[], companyHasDefaultPms?: boolean): AccessUser => ({
      isAuthenticated: true,
      isHost: false,
      roles,
      ...(companyHasDefaultPms === undefined ? {} : { companyHasDefaultPms }),
    });
    for (const role of ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'ACCOUNTING']) {
      expect(effectiveFeatures(user([role]), tenant).has('CompanyPMSConfig'), role).toBe(true);
    }
    expect(effectiveFeatures(user(['CASE_MANAGER'], true), tenant).has('CompanyPMSConfig')).toBe(true);
    expect(effectiveFeatures(user(['CASE_MANAGER'], false), tenant).has('CompanyPMSConfig')).toBe(false);
    expect(effectiveFeatures(user(['SPECIALIST']), tenant).has('CompanyPMSConfig')).toBe(false);
    expect(effectiveFeatures(undefined, tenant).has('CompanyPMSConfig')).toBe(false);
  });

  test('every edition default is a known feature flag', () => {
    for (const edition of Editions) {
      for (const flag of EditionDefaultFeatures[edition]) expect(FeatureFlags).toContain(flag);
    }
  });
});

describe('editionCode', () => {
  test.each([
    ['FUNDING PROVIDER', 'FP'],
    ['LAW CONNECT', 'LC'],
    ['MLP', 'MLP'],
    ['LMQ PROVIDER', 'LMQ'],
    ['MARKETING', 'MKT'],
    ['', 'MASTER'],
    ['GOLD', 'MASTER'],
  ])('a tenant of edition %j shows %s', (edition, code) => {
    expect(editionCode(edition, false)).toBe(code);
  });

  test('the host shows MASTER whatever its edition', () => {
    expect(editionCode('MLP', true)).toBe('MASTER');
    expect(editionCode(undefined, true)).toBe('MASTER');
  });
});

describe('contractor kinds', () => {
  test('the contractor type decides, then the company business type, else typist', () => {
    expect(contractorKindOf('BROKER')).toBe('broker');
    expect(contractorKindOf('insurer', 'Broker')).toBe('insurer');
    expect(contractorKindOf(null, 'Insurer')).toBe('insurer');
    expect(contractorKindOf('TYPIST', 'Broker')).toBe('broker');
    expect(contractorKindOf('TYPIST', 'Law firm')).toBe('typist');
    expect(contractorKindOf(undefined)).toBe('typist');
  });

  test('an insurer case manager is a case manager whose company business type is insurer', () => {
    expect(isInsurerCaseManagerOf(['CASE_MANAGER'], 'INSURER')).toBe(true);
    expect(isInsurerCaseManagerOf(['CASE_MANAGER'], ' insurer ')).toBe(true);
    expect(isInsurerCaseManagerOf(['CASE_MANAGER'], 'Broker')).toBe(false);
    expect(isInsurerCaseManagerOf(['STAFF'], 'INSURER')).toBe(false);
  });
});

describe('checkDomain', () => {
  const production = 'https://app.casebook.example';

  test("accepts the tenant's client domain, assuming https when it has no scheme", () => {
    expect(checkDomain('acme.example.com', 'https://acme.example.com', production)).toBe(true);
    expect(checkDomain('https://acme.example.com/', 'https://acme.example.com', production)).toBe(true);
    expect(checkDomain('ACME.example.com', 'https://acme.example.com:443', production)).toBe(true);
  });

  test('refuses the client domain served over plain http, since https is assumed', () => {
    expect(checkDomain('acme.example.com', 'http://acme.example.com', production)).toBe(false);
  });

  test('accepts the production app origin for any tenant, with or without a client domain', () => {
    expect(checkDomain('acme.example.com', production, production)).toBe(true);
    expect(checkDomain(undefined, production, production)).toBe(true);
    expect(checkDomain(undefined, 'https://app.casebook.example', 'app.casebook.example')).toBe(true);
  });

  test('accepts localhost on any port and scheme', () => {
    expect(checkDomain('acme.example.com', 'http://localhost:5173', production)).toBe(true);
    expect(checkDomain(undefined, 'https://localhost', production)).toBe(true);
  });

  test('refuses any other origin, look-alikes and malformed origins', () => {
    expect(checkDomain('acme.example.com', 'https://other.example.com', production)).toBe(false);
    expect(checkDomain('acme.example.com', 'https://acme.example.com.evil.test', production)).toBe(false);
    expect(checkDomain('acme.example.com', 'https://localhost.evil.test', production)).toBe(false);
    expect(checkDomain(undefined, 'not a url', production)).toBe(false);
    expect(checkDomain('', 'https://acme.example.com', production)).toBe(false);
  });

  test('originOf reduces a domain or URL to its origin', () => {
    expect(originOf('acme.example.com/path?x=1')).toBe('https://acme.example.com');
    expect(originOf('http://acme.example.com:8080/')).toBe('http://acme.example.com:8080');
    expect(originOf('  ')).toBeUndefined();
  });
});
