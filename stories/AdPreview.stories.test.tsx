import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_FIXTURES } from '../widgets/ad-preview/fixtures';
import * as stories from './AdPreview.stories';

const composed = composeStories(stories);

// The VAST story would fetch the IAB's sample; tests never go to the network.
beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {}))));
afterEach(() => vi.unstubAllGlobals());

describe('ad preview stories', () => {
  it('has a story for every fixture', () => {
    const names = Object.entries(stories)
      .filter(([key]) => key !== 'default' && key !== 'AllKinds')
      .map(([, story]) => (story as { name?: string }).name);
    expect(names.sort()).toEqual(PREVIEW_FIXTURES.map((f) => f.name).sort());
  });

  it.each(Object.entries(composed))('%s renders', async (_name, Story) => {
    const { container } = render(<Story />);
    await waitFor(() => expect(screen.queryAllByText('Loading the preview…')).toHaveLength(0));
    expect(container.textContent?.length).toBeGreaterThan(0);
    expect(screen.queryByText('The preview could not be drawn.')).toBeNull();
  });
});
