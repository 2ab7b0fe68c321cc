export { ResourceRoute, type ResourceRouteProps } from './ResourceRoute';
export type { ResourceMetadata } from './metadata';
export type { NavigateOptions } from './ScreenContext';
