/** Countries every new tenant starts with; Australia is the default. */
export const SeedCountries: readonly { name: string; code: string }[] = [
  { name: 'Australia', code: 'AU' },
  { name: 'New Zealand', code: 'NZ' },
  { name: 'United Kingdom', code: 'GB' },
  { name: 'United States', code: 'US' },
  { name: 'Canada', code: 'CA' },
  { name: 'Singapore', code: 'SG' },
];

/** Australian cities with state and a representative postcode. */
export const SeedAustralianCities: readonly { name: string; state: string; postcode: string }[] = [
  { name: 'Sydney', state: 'NSW', postcode: '2000' },
  { name: 'Parramatta', state: 'NSW', postcode: '2150' },
  { name: 'Newcastle', state: 'NSW', postcode: '2300' },
  { name: 'Wollongong', state: 'NSW', postcode: '2500' },
  { name: 'Melbourne', state: 'VIC', postcode: '3000' },
  { name: 'Geelong', state: 'VIC', postcode: '3220' },
  { name: 'Ballarat', state: 'VIC', postcode: '3350' },
  { name: 'Brisbane', state: 'QLD', postcode: '4000' },
  { name: 'Gold Coast', state: 'QLD', postcode: '4217' },
  { name: 'Townsville', state: 'QLD', postcode: '4810' },
  { name: 'Cairns', state: 'QLD', postcode: '4870' },
  { name: 'Adelaide', state: 'SA', postcode: '5000' },
  { name: 'Perth', state: 'WA', postcode: '6000' },
  { name: 'Fremantle', state: 'WA', postcode: '6160' },
  { name: 'Hobart', state: 'TAS', postcode: '7000' },
  { name: 'Launceston', state: 'TAS', postcode: '7250' },
  { name: 'Darwin', state: 'NT', postcode: '0800' },
  { name: 'Canberra', state: 'ACT', postcode: '2600' },
];
