import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoryFormProps } from '../support/StoryForm';
import { StoryForm } from '../support/StoryForm';
import * as listText from './ListTextWidget.stories';
import * as lookup from './LookupWidget.stories';
import * as money from './MoneyWidget.stories';
import * as standard from './StandardWidgets.stories';
import * as calendarGrid from './CalendarGridWidget.stories';

// The stories double as fixtures: every one must render its form in jsdom too.
const modules = { listText, lookup, money, standard, calendarGrid };

describe.each(Object.entries(modules))('%s stories', (_name, module) => {
  const stories = Object.entries(module).filter(([key]) => key !== 'default') as [string, { args?: StoryFormProps }][];
  it.each(stories)('%s renders', (_story, story) => {
    expect(story.args?.schema).toBeDefined();
    render(<StoryForm {...(story.args as StoryFormProps)} />);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });
});
