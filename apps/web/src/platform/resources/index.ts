export { ResourceRoute, type ResourceRouteProps } from './ResourceRoute';
export type { ResourceMetadata } from './metadata';
