/** The operator's password of every test app (its own module: global-setup.ts hashes it once). */
export const TEST_PASSWORD = 'correct horse battery staple';
