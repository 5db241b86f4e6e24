import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as stories from './MediaWidget.stories';

const { EmptyImage, ChosenImage, MissingFile, WebPushWithPreview } = composeStories(stories);

describe('media widget stories', () => {
  it('offers an upload for an empty field', async () => {
    render(<EmptyImage />);
    expect(await screen.findByRole('button', { name: 'Upload a file' })).toBeTruthy();
    expect(screen.getByText('Drag a JPEG, PNG, GIF or WebP image here or use the button.')).toBeTruthy();
  });

  it('loads a chosen file from the story server', async () => {
    render(<ChosenImage />);
    expect(await screen.findByText('sale-wide.jpg', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('says when the file cannot be loaded', async () => {
    render(<MissingFile />);
    expect(await screen.findByText('File #4040 could not be loaded.', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('shows the web push form with its live preview', async () => {
    render(<WebPushWithPreview />);
    expect(await screen.findAllByText('Sneakers −40% today')).toBeTruthy();
    expect(await screen.findByRole('switch', { name: 'Active' })).toBeTruthy();
    expect(await screen.findByText('shop.example.com')).toBeTruthy();
  });
});
