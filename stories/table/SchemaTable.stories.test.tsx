import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { composeStories } from '@storybook/react-vite';
import * as stories from './SchemaTable.stories';

const { ByDate, Empty, Failing } = composeStories(stories);

describe('statistics table stories', () => {
  it('shows rows and a totals row from the column set', async () => {
    render(<ByDate />);
    expect(await screen.findByText('Total')).toBeTruthy();
    expect(screen.getAllByRole('row').length).toBeGreaterThan(10);
    expect(screen.getByRole('columnheader', { name: /CTR/ })).toBeTruthy();
  });

  it('shows the empty and the error states', async () => {
    render(<Empty />);
    expect(await screen.findByText('No data')).toBeTruthy();
    render(<Failing />);
    expect(await screen.findByText('Could not load the data')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
