import { describe, expect, it } from 'vitest';
import { describeFields, humanize, inferReference, toFormValues, toRequestBody } from './metadata';
import { citiesMetadata, userGroupMetadata, usersMetadata } from './testing/fixtures';

const summary = (fields: ReturnType<typeof describeFields>) =>
  Object.fromEntries(fields.map((f) => [f.name, [f.kind, f.label, f.required, f.reference ?? null]]));

describe('describeFields', () => {
  it('renders cities: text, a pattern, a reference to countries, a switch; no concurrency stamp', () => {
    const fields = describeFields(citiesMetadata.updateInput, citiesMetadata);
    expect(summary(fields)).toEqual({
      name: ['text', 'Name', true, null],
      state: ['text', 'State', false, null],
      postcode: ['text', 'Postcode', false, null],
      countryId: ['reference', 'Country', true, 'countries'],
      isActive: ['boolean', 'Is Active', false, null],
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

describe('inferReference', () => {
  it.each([
    ['countryId', 'countries'],
    ['cityId', 'cities'],
    ['userGroupId', 'user-group'],
    ['memberIds', 'users'],
    ['companyId', 'companies'],
    ['caseManagerId', 'case-managers'],
    ['specialistIds', 'specialists'],
    ['widgetId', undefined],
    ['name', undefined],
  ])('%s → %s', (field, resource) => {
    expect(inferReference(field)).toBe(resource);
  });

  it('takes what the server states first', () => {
    expect(inferReference('countryId', { countryId: 'regions' })).toBe('regions');
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
