import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { lazyWidget } from './lazyWidget';
import { preloadWidgets } from './index';
import { standardWidgetsFor } from './theme';

const props = { id: 'root_x' } as WidgetProps;

describe('lazyWidget', () => {
  it('shows a busy placeholder until its code arrives, then the widget', async () => {
    const Widget = lazyWidget(async () => ({ default: ({ id }: WidgetProps) => <input id={id} aria-label="real" /> }));
    render(<Widget {...props} />);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByLabelText('real')).toBeTruthy();
  });

  it('loads once, and renders without suspending after a preload', async () => {
    const load = vi.fn(async () => ({ default: () => <span>ready</span> }));
    const Widget = lazyWidget(load);
    await Widget.preload();
    render(<Widget {...props} />);
    expect(screen.getByText('ready')).toBeTruthy(); // synchronously: no placeholder, no React reveal throttle
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    await Widget.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a field mounted when its code arrives after it was first rendered', async () => {
    let mounts = 0;
    function Counting() {
      const [n] = useState(() => ++mounts);
      return <span>mount {n}</span>;
    }
    const Widget = lazyWidget(async () => ({ default: Counting }));
    const { rerender } = render(<Widget {...props} />);
    expect(await screen.findByText('mount 1')).toBeTruthy();
    rerender(<Widget {...props} />);
    expect(screen.getByText('mount 1')).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it('says in its place that its code did not arrive, with a reload, and leaves the fields beside it alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Widget = lazyWidget(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/LookupWidget-x.js')));
    render(
      <>
        <input aria-label="beside" defaultValue="typed" />
        <Widget {...props} />
      </>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This field could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect((screen.getByLabelText('beside') as HTMLInputElement).value).toBe('typed');
  });

  it('knows which standard widgets a schema will need, and that a text-only form needs none', () => {
    expect(standardWidgetsFor({ type: 'object', properties: { email: { type: 'string' }, password: { type: 'string' } } })).toEqual([]);
    expect(
      standardWidgetsFor({
        type: 'object',
        properties: { kind: { type: 'string', enum: ['a', 'b'] }, on: { type: 'boolean' }, tags: { type: 'array', uniqueItems: true, items: { enum: ['x'] } } },
      }).sort(),
    ).toEqual(['CheckboxWidget', 'CheckboxesWidget', 'RadioWidget', 'SelectWidget']);
  });

  it('preloads the lazy widgets a UI schema names, and ignores the rest', async () => {
    await expect(preloadWidgets({ a: { 'ui:widget': 'lookup' }, b: { 'ui:widget': 'textarea' }, c: { d: { 'ui:widget': 'nope' } } })).resolves.toBeDefined();
  });
});
