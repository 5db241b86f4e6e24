import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { textOr } from './textOr';

describe('textOr', () => {
  const intl = createIntl({ locale: 'de', messages: { 'resource.feeds.title': 'Feeds (de)', 'resource.feeds.texts.created': '„{name}“ angelegt' } });

  it('takes the translation when the locale has one', () => {
    expect(textOr(intl, 'resource.feeds.title', 'Feeds')).toBe('Feeds (de)');
    expect(textOr(intl, 'resource.feeds.texts.created', '“{name}” added', { name: 'News' })).toBe('„News“ angelegt');
  });

  it('falls back to the English with its placeholders filled, leaving unknown ones as written', () => {
    expect(textOr(intl, 'resource.bookmarks.title', 'Bookmarks')).toBe('Bookmarks');
    expect(textOr(intl, 'resource.bookmarks.done', '{name} saved, {count} left {other}', { name: 'A', count: 2 })).toBe('A saved, 2 left {other}');
  });
});
