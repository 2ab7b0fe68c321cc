import { expect, test } from 'vitest';
import { clientWord, clientWordFor, clientWordPlural, LANGUAGE_SETTING, postcodeLabel } from './wording';

test("the word Client is 'Claimant' unless the configured language is a company language", () => {
  expect(clientWord(undefined)).toBe('Claimant');
  expect(clientWord('en')).toBe('Claimant');
  expect(clientWord('en-AU')).toBe('Claimant');
  expect(clientWord('en-company')).toBe('Company');
  expect(clientWord(' EN-Company ')).toBe('Company');
  expect(clientWordPlural('Company')).toBe('Companies');
  expect(clientWordPlural('Claimant')).toBe('Claimants');
});

test('the client word is read from the language setting', () => {
  expect(clientWordFor({ [LANGUAGE_SETTING]: 'en-company' })).toBe('Company');
  expect(clientWordFor({})).toBe('Claimant');
});

test('US tenants say Zipcode, everyone else Postcode', () => {
  expect(postcodeLabel('US')).toBe('Zipcode');
  expect(postcodeLabel('United States')).toBe('Zipcode');
  expect(postcodeLabel('AU')).toBe('Postcode');
  expect(postcodeLabel('Australia')).toBe('Postcode');
  expect(postcodeLabel(null)).toBe('Postcode');
});
