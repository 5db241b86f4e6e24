import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { observable, runInAction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import type { FormStore } from '../../engine/form/FormStore';
import { FormActionBar } from './FormActionBar';

function fakeStore() {
  return observable({ status: 'idle', fieldErrorPaths: [] as string[], submitting: false });
}

describe('FormActionBar', () => {
  it('submits its form, and after a failed submit counts the fields to fix and goes to the first', async () => {
    const user = userEvent.setup();
    const store = fakeStore();
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input id="root_name" aria-label="Name" />
        <input id="root_price" aria-label="Price" />
        <FormActionBar store={store as unknown as FormStore} submitText="Save campaign" attentionText={(n) => `${n} fields need attention`}>
          <span>≈ 1,200 impressions</span>
        </FormActionBar>
      </form>,
    );
    expect(screen.getByText('≈ 1,200 impressions')).toBeTruthy();
    expect(screen.queryByText(/need attention/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save campaign' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    runInAction(() => {
      store.status = 'failed';
      store.fieldErrorPaths = ['price', 'name'];
    });
    Element.prototype.scrollIntoView = vi.fn();
    await user.click(await screen.findByRole('button', { name: /2 fields need attention/ }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('shows the submit as busy while it runs', () => {
    const store = fakeStore();
    store.submitting = true;
    render(<FormActionBar store={store as unknown as FormStore} submitText="Save" attentionText={String} />);
    expect((screen.getByRole('button', { name: /Save/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
