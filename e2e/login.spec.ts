import { expect, login, OPERATOR_PASSWORD, saveScreen, test } from './support/fixtures.js';

test.describe('login and session', () => {
  test('a wrong password shows the message and clears the field', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/secured with encrypted cookies/i)).toBeVisible();
    await saveScreen(page, 'login');
    const field = page.getByLabel('Password', { exact: true });
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect(signIn).toBeDisabled();
    await field.fill('definitely-wrong');
    await signIn.click();
    await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
    await expect(field).toHaveValue('');
  });

  test('five failures lock the form with a countdown, even for the right password', async ({ page }) => {
    await page.goto('/');
    const field = page.getByLabel('Password', { exact: true });
    for (let i = 1; i <= 4; i++) {
      await field.fill(`wrong-${i}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
    }
    await expect(
      page.getByText("4 failed attempts. After 5 attempts, you'll be temporarily locked out."),
    ).toBeVisible();
    await field.fill('wrong-5');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const warning = page.getByText(/Too many login attempts\. Please wait (1[45]:\d\d) before trying again\./);
    await expect(warning).toBeVisible();
    const first = (await warning.textContent()) ?? '';
    await expect(warning).not.toHaveText(first); // the countdown moves (it ticks every second)
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await saveScreen(page, 'login-locked');
    // The server refuses even the right password while locked.
    const res = await page.request.post('/api/auth/login', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { password: OPERATOR_PASSWORD },
    });
    expect(res.status()).toBe(429);
    expect((await res.json()).retryAfter).toBeGreaterThan(800);
  });

  test('signs in, shows the toast and the dashboard, and logs out', async ({ page }) => {
    await login(page);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('v1.3.1')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // The session is really gone on the server.
    const status = await page.request.get('/api/auth/status');
    expect((await status.json()).authenticated).toBe(false);
  });
});
