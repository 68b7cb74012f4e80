// RouterProvider from the main entry, not 'react-router/dom': that entry resolves to a second copy
// of the router under Node (CommonJS), whose context the route hooks in tests would not see.
import { createBrowserRouter, RouterProvider } from 'react-router';
import { appRoutes } from './routes';

// Created when this module first loads, i.e. after sign-in: a router made at page start would
// begin loading the shell and the first screen behind the login screen. It survives a logout,
// so signing in again keeps the place.
const router = createBrowserRouter(appRoutes);

/** The router and, through its lazy routes, every signed-in screen. */
export default function RouterApp() {
  return <RouterProvider router={router} />;
}
