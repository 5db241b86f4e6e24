import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en/panelWidgets.json';
import { CopyField } from './CopyField';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom has no clipboard (and no execCommand): each test gives the page the one it needs. */
const give = (target: object, name: string, value: unknown) => Object.defineProperty(target, name, { value, configurable: true, writable: true });

const show = () =>
  render(
    <IntlProvider locale="en" messages={en}>
      <CopyField value="apt_0123456789ab_secret" label="Token" />
    </IntlProvider>,
  );

describe('CopyField', () => {
  it('copies the value, says so on the button and aloud', async () => {
    const writeText = vi.fn(async () => {});
    give(navigator, 'clipboard', { writeText });
    show();
    expect((screen.getByRole('textbox', { name: 'Token' }) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Token' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('apt_0123456789ab_secret');
    expect(screen.getByRole('button', { name: 'Copy: Token' }).textContent).toBe('Copied');
  });

  it('says when it could not copy, so the user copies by hand', async () => {
    give(navigator, 'clipboard', { writeText: () => Promise.reject(new Error('denied')) });
    const execCommand = vi.fn(() => false);
    give(document, 'execCommand', execCommand);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Token' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Could not copy: select the text and copy it yourself.'));
    expect(execCommand).toHaveBeenCalledWith('copy');
  });
});
