import { and, eq, sql } from 'drizzle-orm';
import { CitiesResource, CountriesResource } from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { cities, countries } from './geography.schema';

export const countriesResource = defineResource(CountriesResource, {
  table: countries,
  displayName: countries.name,
  searchColumns: [countries.name, countries.code],
  sorting: { name: countries.name, code: countries.code, creationTime: countries.creationTime },
  defaultSorting: 'name asc',
  constraints: {
    countries_code_key: { member: 'code', message: 'A country with this code already exists.' },
  },
});

export const citiesResource = defineResource(CitiesResource, {
  table: cities,
  displayName: cities.name,
  searchColumns: [cities.name, cities.postcode, cities.state],
  filters: {
    countryId: (id: string) => eq(cities.countryId, id),
    state: (state: string) => sql`lower(${cities.state}) = lower(${state})`,
  },
  sorting: {
    name: cities.name,
    state: cities.state,
    postcode: cities.postcode,
    creationTime: cities.creationTime,
  },
  defaultSorting: 'name asc',
  constraints: {
    cities_name_key: { member: 'name', message: 'This city already exists in that state and country.' },
    cities_country_fkey: { member: 'countryId', message: 'The country does not exist.' },
  },
  // A selection list without a country shows the cities of the tenant's default country.
  async scope(ctx, _tx, query) {
    if (!query.isSelectionList || query.countryId !== undefined) return undefined;
    const countryId = ctx.tenant.defaultCountryId;
    return countryId ? and(eq(cities.countryId, countryId)) : undefined;
  },
});
