import type { ComponentType } from 'react';

/** The shell's code could not be loaded: the layout cannot start. */
export class LayoutLoadError extends Error {
  constructor(cause: unknown) {
    super('Failed to load the application layout', { cause });
    this.name = 'LayoutLoadError';
  }
}

/** A screen's code could not be loaded, typically a stale chunk after an upgrade. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('Failed to load the requested screen', { cause });
    this.name = 'PageLoadError';
  }
}

type ComponentLoader = () => Promise<ComponentType>;

/**
 * Route `lazy` functions that tag load failures, so the error boundary can tell a failed
 * start or navigation apart from a crash while rendering.
 */
export function lazyLayout(load: ComponentLoader) {
  return async () => {
    try {
      return { Component: await load() };
    } catch (cause) {
      throw new LayoutLoadError(cause);
    }
  };
}

export function lazyPage(load: ComponentLoader) {
  return async () => {
    try {
      return { Component: await load() };
    } catch (cause) {
      throw new PageLoadError(cause);
    }
  };
}
