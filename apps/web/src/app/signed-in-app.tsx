import { type ComponentType, lazy, Suspense } from 'react';
import { InitializingScreen, LayoutLoadFailed } from './start-up-screens';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * What a signed-in operator sees, loaded on first use, so the login screen needs neither the
 * router nor any screen. A load failure (a stale chunk after an upgrade) offers a reload.
 */
export function lazySignedInApp(load: Loader): ComponentType {
  const Loaded = lazy(() =>
    load().catch((error: unknown) => {
      console.error('Failed to load the application layout', error);
      return { default: LayoutLoadFailed };
    }),
  );
  return function SignedInApp() {
    return (
      <Suspense fallback={<InitializingScreen />}>
        <Loaded />
      </Suspense>
    );
  };
}

export const SignedInApp = lazySignedInApp(() => import('./router-app'));
