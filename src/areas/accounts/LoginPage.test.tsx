import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ValidationError, type RequestConfig } from '../../../engine/api';
import { RootStore } from '../../app/RootStore';
import { StoreContext } from '../../app/context';
import { I18nProvider } from '../../i18n/I18nProvider';
import { LocaleStore } from '../../i18n/LocaleStore';
import { LoginPage } from './LoginPage';

const EXPIRED = 'The code has expired. We sent you a new one.';
const sentAt = new Date('2026-11-27T09:41:00Z');
const step = { authentication_method: 'email', code_sent_at: sentAt.toISOString(), code_expiration_time: new Date(Date.now() + 600_000).toISOString() };

let stores: RootStore | undefined;
afterEach(() => {
  stores?.session.dispose();
  stores?.session.logout();
});

/** The sign-in page over a RootStore whose `auth/login` answers come from `answers`, in order. */
function renderLogin(answers: ((config: RequestConfig) => unknown)[]) {
  stores = new RootStore({ notify: () => {}, report: () => {} });
  const sent: RequestConfig[] = [];
  vi.spyOn(stores.api, 'request').mockImplementation(async (config) => {
    sent.push(config);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${config.url}`);
    return { data: { data: answer(config) }, status: 200, headers: {} } as never;
  });
  const locale = new LocaleStore({ ...stores, languages: [] });
  render(
    <StoreContext.Provider value={stores}>
      <I18nProvider store={locale}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </I18nProvider>
    </StoreContext.Provider>,
  );
  return sent;
}

describe('LoginPage second step', () => {
  it('shows the code field only once the server names a method and an expiry', async () => {
    const sent = renderLogin([() => step]);
    fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: 'email2fa@adnet.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'demo1234' } });
    expect(screen.queryByLabelText(/Verification code/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText(/Verification code/)).toBeTruthy();
    const sentText = sentAt.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });
    expect(screen.getByText(new RegExp(`We sent a code to your e-mail at ${sentText}\\.`))).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'auth/login', data: { email: 'email2fa@adnet.test', password: 'demo1234' } });
  });

  it('an expired code: the code and its error are cleared, the notice says a new one was sent, the rest stays', async () => {
    const sent = renderLogin([
      () => step,
      () => {
        throw new ValidationError({ code: ['The code is invalid.'] }, 422, { errors: { code: ['The code is invalid.'] } });
      },
      () => {
        throw new ValidationError({ code: [EXPIRED] }, 422, { errors: { code: [EXPIRED] }, code_expired: true, data: step });
      },
    ]);
    fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: 'email2fa@adnet.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = (await screen.findByLabelText(/Verification code/)) as HTMLInputElement;

    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('The code is invalid.')).toBeTruthy();

    fireEvent.change(code, { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/Verification code/) as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText('The code is invalid.')).toBeNull();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('email2fa@adnet.test');
    expect(sent[2]?.data).toMatchObject({ email: 'email2fa@adnet.test', code: '222222' });
    expect(stores?.session.isAuthenticated).toBe(false);
  });
});

describe('LoginPage remember me', () => {
  afterEach(() => {
    document.cookie = 'remember_user=; Max-Age=0; Path=/';
  });

  /** Signs in (the server answers a token) with the box as `remember` leaves it. */
  async function signIn(remember: boolean | null) {
    renderLogin([]);
    vi.spyOn(stores!.api, 'request').mockResolvedValue({ data: {}, status: 200, headers: { authorization: 'Bearer token-1' } } as never);
    fireEvent.change(await screen.findByLabelText(/^E-mail/), { target: { value: 'alex@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'demo1234' } });
    const box = screen.getByRole('checkbox', { name: 'Remember me on this device for 7 days' }) as HTMLInputElement;
    if (remember !== null && box.checked !== remember) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(stores!.session.isAuthenticated).toBe(true));
  }

  it('keeps the e-mail address on the device when the box is ticked, and opens with it filled in and the password focused', async () => {
    await signIn(true);
    expect(document.cookie).toContain('remember_user=alex%40example.test');
    stores!.session.logout();
    document.body.innerHTML = '';
    renderLogin([]);
    expect(((await screen.findByLabelText(/^E-mail/)) as HTMLInputElement).value).toBe('alex@example.test');
    expect((screen.getByRole('checkbox', { name: 'Remember me on this device for 7 days' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Password/)));
  });

  it('forgets it when the box is cleared', async () => {
    document.cookie = 'remember_user=alex%40example.test; Path=/';
    await signIn(false);
    expect(document.cookie).not.toContain('remember_user=alex');
  });
});
