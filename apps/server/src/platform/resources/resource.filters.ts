/** The list parameter of several values is declared with the resources' descriptions in the domain package. */
export { csvParam } from '@casebook/domain';
