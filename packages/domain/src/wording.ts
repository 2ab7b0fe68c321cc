/** The tenant or user setting that names the interface language (ABP's key). */
export const LANGUAGE_SETTING = 'Abp.Localization.DefaultLanguage';

/** The word the interface uses for a case's client. */
export type ClientWord = 'Claimant' | 'Company';

/**
 * The word 'Client' as the configured language shows it: languages whose name ends in `-company`
 * (e.g. `en-company`, for tenants whose clients are businesses) say 'Company'; every other language,
 * and no language, says 'Claimant'.
 */
export function clientWord(language: string | null | undefined): ClientWord {
  return /-company$/i.test((language ?? '').trim()) ? 'Company' : 'Claimant';
}

/** The client word for a settings map (the user's settings over the tenant's). */
export function clientWordFor(settings: Readonly<Record<string, string>>): ClientWord {
  return clientWord(settings[LANGUAGE_SETTING]);
}

/** The plural of the client word, for list titles. */
export function clientWordPlural(word: ClientWord): string {
  return word === 'Company' ? 'Companies' : 'Claimants';
}

/**
 * The label of the postcode field: US tenants say 'Zipcode', everyone else 'Postcode'. Takes the
 * tenant's country as an ISO code ('US') or a name ('United States').
 */
export function postcodeLabel(country: string | null | undefined): 'Zipcode' | 'Postcode' {
  const c = (country ?? '').trim().toLowerCase();
  return c === 'us' || c === 'usa' || c === 'united states' || c === 'united states of america'
    ? 'Zipcode'
    : 'Postcode';
}
