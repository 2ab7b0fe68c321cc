import { describe, expect, it } from 'vitest';
import {
  describeFields,
  enumLabel,
  fieldLabel,
  humanize,
  referenceCandidates,
  splitReference,
  toFormValues,
  toRequestBody,
} from './metadata';
import { citiesMetadata, userGroupMetadata, usersMetadata } from './testing/fixtures';

const summary = (fields: ReturnType<typeof describeFields>) =>
  Object.fromEntries(fields.map((f) => [f.name, [f.kind, f.label, f.required, f.references?.[0] ?? null]]));

describe('describeFields', () => {
  it('renders cities: text, a pattern, a reference to countries, a switch; no concurrency stamp', () => {
    const fields = describeFields(citiesMetadata.updateInput, citiesMetadata);
    expect(summary(fields)).toEqual({
      name: ['text', 'Name', true, null],
      state: ['text', 'State', false, null],
      postcode: ['text', 'Postcode', false, null],
      countryId: ['reference', 'Country', true, 'countries'],
      isActive: ['boolean', 'Active', false, null],
    });
    expect(fields.find((f) => f.name === 'postcode')?.pattern).toBe('^[A-Za-z0-9 -]{3,10}$');
    expect(fields.find((f) => f.name === 'state')).toMatchObject({ nullable: true, maxLength: 64 });
  });

  it('renders users: e-mail and phone by name, roles as a multiple choice, contractor type as a choice', () => {
    const fields = describeFields(usersMetadata.createInput, usersMetadata);
    expect(summary(fields)).toMatchObject({
      email: ['email', 'Email', true, null],
      phoneNumber: ['phone', 'Phone', false, null],
      roles: ['enumMulti', 'Roles', true, null],
      contractorType: ['enum', 'Contractor type', false, null],
      password: ['password', 'Password', false, null],
    });
    expect(fields.find((f) => f.name === 'roles')?.options).toContain('CASE_MANAGER');
  });

  it('renders user groups: a text area for the 4000-character description, members from users', () => {
    const fields = describeFields(userGroupMetadata.createInput, userGroupMetadata);
    expect(summary(fields)).toMatchObject({
      description: ['textarea', 'Description', false, null],
      memberIds: ['referenceMulti', 'Members', false, 'users'],
    });
    expect(toFormValues(fields, undefined)).toEqual({
      name: undefined,
      description: undefined,
      memberIds: [],
      isActive: true,
    });
  });
});

describe('referenceCandidates', () => {
  it.each([
    ['countryId', ['countries', 'country']],
    ['cityId', ['cities', 'city']],
    ['userGroupId', ['user-groups', 'user-group', 'groups']],
    ['memberIds', ['users']],
    ['accountCodeId', ['account-codes', 'account-code', 'codes']],
    ['defaultCentreId', ['default-centres', 'default-centre', 'centres']],
    ['name', []],
  ])('%s → %j', (field, candidates) => {
    expect(referenceCandidates(field)).toEqual(candidates);
  });

  it('takes what the server states, with the query that narrows its selection list', () => {
    expect(referenceCandidates('countryId', { countryId: 'regions' })).toEqual(['regions']);
    expect(splitReference('lookup-configs?type=SPECIALTY')).toEqual({
      resource: 'lookup-configs',
      query: { type: 'SPECIALTY' },
    });
    expect(splitReference('countries')).toEqual({ resource: 'countries', query: {} });
  });
});

describe('schemas of the other master data', () => {
  const metadata = { exportColumns: [] };

  it('edits whole cents in dollars and sends them back in cents', () => {
    const schema = {
      type: 'object',
      properties: { price: { type: 'integer', minimum: 0, maximum: 1e12 } },
      required: ['price'],
    };
    const fields = describeFields(schema, metadata);
    expect(fields[0]).toMatchObject({ kind: 'currency', cents: true });
    expect(toFormValues(fields, { price: 165_000 })).toEqual({ price: 1650 });
    expect(toRequestBody(fields, { price: 1650.5 })).toEqual({ price: 165_050 });
  });

  it('reads dates by name or by From/To pair, literal unions as choices, and keeps lists of records', () => {
    const schema = {
      type: 'object',
      properties: {
        dateOfBirth: { default: null, type: ['string', 'null'] },
        effectiveFrom: { type: 'string' },
        effectiveTo: { type: ['string', 'null'] },
        recruitmentStatus: {
          default: 0,
          anyOf: [
            { type: 'number', const: 0 },
            { type: 'number', const: 1 },
          ],
        },
        serviceRates: { default: [], type: 'array', items: { type: 'object', properties: {} } },
      },
    };
    const fields = describeFields(schema, metadata);
    expect(fields.map((f) => f.kind)).toEqual(['date', 'date', 'date', 'enum', 'kept']);
    expect(fields[3]?.options).toEqual([0, 1]);
  });
});

describe('form values and request bodies', () => {
  const fields = describeFields(citiesMetadata.createInput, citiesMetadata);

  it('sends empty optional text as null, trims text and sends a switch as a boolean', () => {
    expect(toRequestBody(fields, { name: ' Dubbo ', state: '', postcode: '  ', countryId: 'au' })).toEqual({
      name: 'Dubbo',
      state: null,
      postcode: null,
      countryId: 'au',
      isActive: false,
    });
  });

  it("reads a record's own values, not the defaults", () => {
    const record = { id: 'c1', name: 'Dubbo', state: null, postcode: '2830', countryId: 'au', isActive: false };
    expect(toFormValues(fields, record)).toEqual({
      name: 'Dubbo',
      state: undefined,
      postcode: '2830',
      countryId: 'au',
      isActive: false,
    });
  });

  it('labels form fields in one style: sentence case, hand-written headers kept, references by what they name', () => {
    expect(fieldLabel('highRiskApplied', 'High Risk Applied', false)).toBe('High risk applied');
    expect(fieldLabel('subSpecialtyId', 'Sub Specialty Id', true)).toBe('Sub specialty');
    expect(fieldLabel('isActive', 'Is Active', false)).toBe('Active');
    expect(fieldLabel('phoneNumber', 'Phone', false)).toBe('Phone');
    expect(fieldLabel('caseManagerName', 'Case Manager', false)).toBe('Case manager');
    expect(fieldLabel('gstRegistered', 'GST Registered', false)).toBe('GST registered');
    expect(fieldLabel('abn', 'ABN', false)).toBe('ABN');
    expect(fieldLabel('postcode', undefined, false)).toBe('Postcode');
    expect(fieldLabel('highRiskReasonToBookingCm', 'High Risk Reason To Booking Cm', false)).toBe(
      'High risk reason to booking CM',
    );
    expect(enumLabel('OT_QUOTATION')).toBe('OT quotation');
  });

  it('labels fields from their names', () => {
    expect(['countryId', 'memberIds', 'roleNames', 'isActive', 'phoneNumber'].map(humanize)).toEqual([
      'Country',
      'Members',
      'Roles',
      'Active',
      'Phone number',
    ]);
  });
});
