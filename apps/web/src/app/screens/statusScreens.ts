import { lazy } from 'react';

// Rarely shown, and antd's Result brings its illustrations: loaded when first needed.
const load = () => import('./StatusScreens');

export const NoAccessScreen = lazy(() => load().then((m) => ({ default: m.NoAccessScreen })));
export const NotFoundScreen = lazy(() => load().then((m) => ({ default: m.NotFoundScreen })));
export const PlaceholderScreen = lazy(() => load().then((m) => ({ default: m.PlaceholderScreen })));
