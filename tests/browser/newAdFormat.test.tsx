/**
 * The browser half of "a format added as data": the form of a format that has no code of its own renders
 * through the engine and the Blueprint widgets and validates with its precompiled schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormStore } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { MediaStore } from '../../engine/media';
import { theme } from '../../widgets';
import { formatTree, type FormatTree } from '../fixtures/adFormatTree';

let tree: FormatTree;
beforeAll(async () => {
  tree = await formatTree();
});
afterAll(() => tree?.remove());

describe('the form of an ad format added as data', () => {
  it('renders its fields and validates with its own schema', async () => {
    const entry = tree.catalog.get('ad_formats_carousel_creative');
    const sent: unknown[] = [];
    const store = new FormStore(entry, { initial: { creatives: [{}, {}] }, submit: async (values) => sent.push(values) });
    const media = new MediaStore({ transport: () => Promise.reject(new Error('offline')) });
    render(<SchemaForm store={store} theme={theme} formContext={{ media }} submitText="Create the ad" />);

    expect(await screen.findAllByLabelText(/^Card title/)).toHaveLength(2);
    expect(await screen.findByRole('option', { name: 'Shop now' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create the ad' }));
    await waitFor(() => expect(Object.keys(store.errors).sort()).toEqual(['creatives.0.title', 'creatives.0.url', 'creatives.1.title', 'creatives.1.url', 'name']));
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Spring cards' } });
    const titles = screen.getAllByLabelText(/^Card title/);
    const urls = screen.getAllByLabelText(/^Landing page URL/);
    ['Shoes', 'Bags'].forEach((title, i) => {
      fireEvent.change(titles[i], { target: { value: title } });
      fireEvent.change(urls[i], { target: { value: `https://a.example/${title.toLowerCase()}` } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create the ad' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Spring cards', call_to_action: 'learn_more', creatives: [{ title: 'Shoes' }, { title: 'Bags' }] });
  });
});
